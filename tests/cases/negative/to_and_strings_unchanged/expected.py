import torch
import torch_npu


def move(batch, device, dtype, opts):
    x = batch["x"].to(device)
    x = x.to(dtype=dtype)
    y = batch["y"].to(x.device, torch.float16)
    z = batch["z"].to(opts.device)
    w = batch["w"].to(torch.bfloat16)
    print("moved to cuda", "CUDA", "cudnn", f"using cuda {device}")
    return x, y, z, w
