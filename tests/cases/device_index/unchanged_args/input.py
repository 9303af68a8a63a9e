import torch


def move(batch, device, dtype, args):
    x = batch["x"].to(device)
    x = x.to(dtype)
    x = x.to(torch.float16)
    y = batch["y"].to(x.device)
    dev = torch.device("cuda", args.gpu)
    z = batch["z"].to(dev)
    w = batch["w"].to(torch.device("cuda"))
    v = batch["v"].to("cuda:0")
    u = batch["u"].to(memory_format=torch.channels_last)
    t = batch["t"].to(f"cuda:{args.gpu}")
    s = batch["s"].to(args.device, non_blocking=True)
    return x, y, z, w, v, u, t, s
