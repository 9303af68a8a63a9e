import torch
import torch_npu


def devices(idx):
    a = rf"npu"
    b = Rf'npu:{idx}'
    c = fr"npu:{idx}"
    d = F"npu"
    return [torch.device(s) for s in (a, b, c, d)]
