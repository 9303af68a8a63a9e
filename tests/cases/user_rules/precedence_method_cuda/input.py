import torch
import utils.device  # patches torch.Tensor and torch.nn.Module with to_device()


def step(model, images, target, rank):
    model = model.cuda(rank)
    images, target = images.cuda(non_blocking=True), target.cuda()
    assert images.is_cuda
    return model(images), target
