import torch
import torch_npu
import torch.nn as nn
import os
npu_device_id = int(os.environ.get("DEVICE_ID", "0"))
torch.npu.set_device(npu_device_id)

model = nn.Linear(4, 1).npu()
x = torch.randn(2, 4).npu()
print("current device:", torch.npu.current_device())
