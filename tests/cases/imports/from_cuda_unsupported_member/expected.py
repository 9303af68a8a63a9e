import torch
import torch_npu
from torch.cuda import nvtx


def forward_with_ranges(model, x):
    nvtx.range_push("forward")
    out = model(x)
    nvtx.range_pop()
    torch.npu.synchronize()
    return out
