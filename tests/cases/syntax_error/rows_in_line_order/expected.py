# The syntax error WARNING goes among the rows in line order (ClassyVision).
import torch
import torch_npu
x = torch.zeros(1).npu()
imprt a
y = x.npu()
