import torch
import torch.nn as nn
from torch.nn.parallel import DataParallel
from torch.utils.data import DistributedSampler
from torch.utils.data.dataloader import DataLoader


def build(model, dataset):
    # one class, three paths: each is judged as the path torch_npu's lists name
    a = nn.DataParallel(model)
    b = DataParallel(model)
    c = torch.nn.parallel.DataParallel(model)
    # defined in torch.utils.data.dataloader, listed as torch.utils.data.DataLoader: supported
    loader = DataLoader(dataset)
    # re-exported: the package's name for the class listed where it is defined
    # (torch.utils.data.distributed.DistributedSampler, torch.nn.parameter.Parameter,
    # torch.autograd.grad_mode.set_grad_enabled): supported
    sampler = DistributedSampler(dataset)
    scale = nn.Parameter(torch.ones(4))
    torch.set_grad_enabled(True)
    # another implementation of the same name: not the listed torch.nn.Linear
    q = torch.nn.quantized.Linear(4, 4)
    return a, b, c, loader, sampler, scale, q
