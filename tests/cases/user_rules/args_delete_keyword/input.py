import torch
from apex import amp


def prepare(model, optimizer, images):
    model, optimizer = amp.initialize(model, optimizer, opt_level="O1", loss_scale="dynamic")
    amp.initialize(model, optimizer, loss_scale=128.0, opt_level="O2", verbosity=0)
    images = images.to(torch.device("cuda"), non_blocking=True)
    target = images.new_zeros(4).to(non_blocking=True, dtype=torch.long, device="cuda")
    return model, optimizer, images, target
