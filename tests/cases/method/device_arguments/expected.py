import os

import torch
import torch_npu

local_rank = int(os.environ.get("LOCAL_RANK", 0))
model = torch.nn.Linear(16, 16).npu(device=local_rank)
x = torch.randn(2, 16).npu(0)
y = torch.randn(2, 16).npu(local_rank, non_blocking=True)
z = torch.randn(2, 16).npu(torch.device("npu", local_rank))
print(model(x) + y + z)
