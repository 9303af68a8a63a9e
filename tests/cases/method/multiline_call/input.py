import torch


def prepare(batch):
    images = (
        batch["image"]
        .float()
        .div_(255)
        .cuda(non_blocking=True)
    )
    labels = batch["label"].cuda(
        non_blocking=True,
    )
    return images, labels
