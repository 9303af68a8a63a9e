import torch
from torch import cuda as tc

tc.set_device(0)
x = torch.randn(4, 4).cuda()
tc.synchronize()
print(x.sum().item())
