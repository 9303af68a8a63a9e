# experiment trackers started on every rank log one run per rank: a WARNING,
# not an edit (their uses would need the same test); one under a rank test
# is fine (a constant named rank is no rank test: see constant_rank)
import os

import torch
import torch_npu
import torch.nn as nn
import wandb
from torch.utils.tensorboard import SummaryWriter

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)

local_rank = int(os.environ.get("LOCAL_RANK", "0"))
writer = SummaryWriter("runs/exp")
wandb.init(project="demo")
if local_rank == 0:
    summary = SummaryWriter("runs/summary")

model = nn.Linear(4, 2).npu()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for step in range(3):
    loss = model(torch.randn(8, 4).npu()).pow(2).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    writer.add_scalar("loss", loss.item(), step)
    wandb.log({"loss": loss.item()})
