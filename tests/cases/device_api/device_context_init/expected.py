import torch
import torch_npu


def allocate_on(gpu, shape):
    if not torch.npu.is_initialized():
        torch.npu.init()
    with torch.npu.device(gpu):
        return torch.empty(shape, device="npu")
