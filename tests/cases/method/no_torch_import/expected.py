"""Batch helpers: the caller passes tensors in, so torch is never imported here."""


import torch_npu
def to_device(batch, non_blocking=True):
    images, targets = batch
    return images.npu(non_blocking=non_blocking), targets.npu(non_blocking=non_blocking)


def move_all(tensors):
    return [t.npu() for t in tensors]


def on_device(t):
    return t.is_npu
