import torch
import torch_npu

x = torch.randn(2, 2)
y = x.npu()
print(y.is_npu)