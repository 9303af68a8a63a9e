import torch_npu
from helpers import *  # helpers imports torch and torch.nn as nn

# `torch` comes from the star import: it is the torch module.
device = torch.device("npu" if torch.npu.is_available() else "cpu")
model = nn.Linear(2, 2).to(device)
x = torch.zeros(1, 2).npu()
torch.npu.synchronize()


def local_torch(torch):
    return torch.cuda  # a parameter named torch: not the module
