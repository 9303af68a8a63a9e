import torch
import torch.nn as nn

model = nn.Linear(4, 1).cuda()
x = torch.randn(2, 4).cuda()
print("current device:", torch.cuda.current_device())
