import torch
import torch_npu

device = torch.device("npu" if torch.npu.is_available() else "cpu")
second = torch.device('npu:1')
third = torch.device('npu', 2)
far = torch.device("npu:10")


def on_accelerator(t):
    return t.device.type == "npu"


def make_buffer(n, dev="npu"):
    return torch.empty(n, device=dev)
