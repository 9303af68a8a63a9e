import torch
import torch_npu
from torch.autograd.profiler import profile, record_function

model = torch.nn.Linear(64, 64).npu()
x = torch.randn(32, 64, device="npu")

with profile(use_npu=True) as prof:
    with record_function("linear"):
        model(x)
print(prof.table())
