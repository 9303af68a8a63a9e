import torch
from torch.autograd.profiler import profile, record_function

model = torch.nn.Linear(64, 64).cuda()
x = torch.randn(32, 64, device="cuda")

with profile(use_cuda=True) as prof:
    with record_function("linear"):
        model(x)
print(prof.table())
