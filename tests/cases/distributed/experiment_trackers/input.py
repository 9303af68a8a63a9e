# experiment trackers started on every rank log one run per rank: a WARNING,
# not an edit (their uses would need the same test); one under a rank test
# is fine (a constant named rank is no rank test: see constant_rank)
import os

import torch
import torch.nn as nn
import wandb
from torch.utils.tensorboard import SummaryWriter

local_rank = int(os.environ.get("LOCAL_RANK", "0"))
writer = SummaryWriter("runs/exp")
wandb.init(project="demo")
if local_rank == 0:
    summary = SummaryWriter("runs/summary")

model = nn.Linear(4, 2).cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for step in range(3):
    loss = model(torch.randn(8, 4).cuda()).pow(2).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    writer.add_scalar("loss", loss.item(), step)
    wandb.log({"loss": loss.item()})
