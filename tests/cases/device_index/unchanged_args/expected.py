import torch
import torch_npu


def move(batch, device, dtype, args):
    x = batch["x"].to(device)
    x = x.to(dtype)
    x = x.to(torch.float16)
    y = batch["y"].to(x.device)
    dev = torch.device("npu", args.gpu)
    z = batch["z"].to(dev)
    w = batch["w"].to(torch.device("npu"))
    v = batch["v"].to("npu:0")
    u = batch["u"].to(memory_format=torch.channels_last)
    t = batch["t"].to(f"npu:{args.gpu}")
    s = batch["s"].to(args.device, non_blocking=True)
    return x, y, z, w, v, u, t, s
