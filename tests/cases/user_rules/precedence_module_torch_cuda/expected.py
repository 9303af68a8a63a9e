import torch
import torch_npu
from torch.npu import nvtx


def profile_step(model, x):
    nvtx.range_push("forward")
    out = model(x.npu())
    nvtx.range_pop()
    torch.npu.nvtx.mark("step")
    torch.npu.synchronize()
    return out
