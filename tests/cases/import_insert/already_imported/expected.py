import torch
import torch_npu  # noqa: F401
from torch import nn

model = nn.Linear(4, 2).npu()
x = torch.ones(3, 4, device="npu")
print(model(x))
