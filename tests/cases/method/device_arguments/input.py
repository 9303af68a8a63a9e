import os

import torch

local_rank = int(os.environ.get("LOCAL_RANK", 0))
model = torch.nn.Linear(16, 16).cuda(device=local_rank)
x = torch.randn(2, 16).cuda(0)
y = torch.randn(2, 16).cuda(local_rank, non_blocking=True)
z = torch.randn(2, 16).cuda(torch.device("cuda", local_rank))
print(model(x) + y + z)
