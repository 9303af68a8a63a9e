import torch
import torch_npu
import torch.nn as nn
import os
npu_device_id = int(os.environ.get("DEVICE_ID", "0"))
torch.npu.set_device(npu_device_id)

# Model parallel by index only: the second number comes after -s chose the
# first, so it chooses again, leaving both; the bare .cuda() follows DEVICE_ID.


class Split(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4).npu(0)
        self.b = nn.Linear(4, 1).to(torch.device("npu", 1))

    def forward(self, x):
        return self.b(self.a(x.npu()).to('npu:1'))


model = Split()
torch.npu.synchronize(0)
