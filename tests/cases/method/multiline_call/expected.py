import torch
import torch_npu


def prepare(batch):
    images = (
        batch["image"]
        .float()
        .div_(255)
        .npu(non_blocking=True)
    )
    labels = batch["label"].npu(
        non_blocking=True,
    )
    return images, labels
