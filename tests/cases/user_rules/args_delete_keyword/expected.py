import torch
import torch_npu
from apex import amp


def prepare(model, optimizer, images):
    model, optimizer = amp.initialize(model, optimizer, opt_level="O1")
    amp.initialize(model, optimizer, opt_level="O2", verbosity=0)
    images = images.to(torch.device("npu"))
    target = images.new_zeros(4).to(dtype=torch.long, device="npu")
    return model, optimizer, images, target
