#!/usr/bin/env python
"""Helpers that import torch lazily: npu_device_id goes at the top, set_device where torch is imported."""
import os
npu_device_id = int(os.environ.get("DEVICE_ID", "0"))


def to_gpu(batch, gpu):
    return [b.to(f'npu:{npu_device_id}') for b in batch]


def zeros(args):
    import torch
    import torch_npu
    torch.npu.set_device(npu_device_id)
    return torch.zeros(2).npu(npu_device_id)
