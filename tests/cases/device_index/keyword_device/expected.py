import torch
import torch_npu


def move(x, y, z, w, local_rank, device, args):
    x = x.to(device=f'npu:{local_rank}')
    y = y.to(device='npu:0', dtype=torch.float16)
    z = z.to(device=device)
    w = w.to(dtype=torch.float16, device=f'npu:{args.gpu}')
    return x, y, z, w
