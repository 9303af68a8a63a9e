"""The setup goes after the docstring and the __future__ imports."""
from __future__ import annotations
import os
npu_device_id = int(os.environ.get("DEVICE_ID", "0"))


def main():
    import torch
    import torch_npu
    torch.npu.set_device(npu_device_id)
    return torch.zeros(1).npu()
