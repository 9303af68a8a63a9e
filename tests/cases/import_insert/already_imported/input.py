import torch
import torch_npu  # noqa: F401
from torch import nn

model = nn.Linear(4, 2).cuda()
x = torch.ones(3, 4, device="cuda")
print(model(x))
