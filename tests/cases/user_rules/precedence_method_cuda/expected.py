import torch
import torch_npu
import utils.device  # patches torch.Tensor and torch.nn.Module with to_device()


def step(model, images, target, rank):
    model = model.to_device(rank)
    images, target = images.to_device(non_blocking=True), target.to_device()
    assert images.is_npu
    return model(images), target
