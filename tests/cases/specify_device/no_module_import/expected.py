#!/usr/bin/env python
"""Helpers that import torch lazily: the -s setup still goes at the top."""
import os
import torch
import torch_npu
npu_device_id = int(os.environ.get("DEVICE_ID", "0"))
torch.npu.set_device(npu_device_id)


def to_gpu(batch, gpu):
    return [b.to(f'npu:{npu_device_id}') for b in batch]


def zeros(args):
    import torch
    import torch_npu
    return torch.zeros(2).npu(npu_device_id)
