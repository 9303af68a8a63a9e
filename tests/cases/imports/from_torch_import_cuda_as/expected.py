import torch
import torch_npu
from torch import npu as tc

tc.set_device(0)
x = torch.randn(4, 4).npu()
tc.synchronize()
print(x.sum().item())
