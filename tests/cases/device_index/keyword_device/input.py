import torch


def move(x, y, z, w, local_rank, device, args):
    x = x.to(device=local_rank)
    y = y.to(device=0, dtype=torch.float16)
    z = z.to(device=device)
    w = w.to(dtype=torch.float16, device=args.gpu)
    return x, y, z, w
