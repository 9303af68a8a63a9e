"""Batch helpers: the caller passes tensors in, so torch is never imported here."""


def to_device(batch, non_blocking=True):
    images, targets = batch
    return images.cuda(non_blocking=non_blocking), targets.cuda(non_blocking=non_blocking)


def move_all(tensors):
    return [t.cuda() for t in tensors]


def on_device(t):
    return t.is_cuda
