import os
from os import mkdir
from pathlib import Path

import torch
import torch_npu
import torch.nn as nn

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)

# Every rank runs these: the second to get there finds the folder made.
if not os.path.exists("runs"):
    os.makedirs("runs", exist_ok=True)
if not os.path.exists("logs"):
    os.makedirs("logs", exist_ok=True)
os.makedirs("plots", 0o755, exist_ok=True)
os.makedirs("ckpt", exist_ok=True)
os.makedirs(*["cache"])
Path("samples").mkdir(exist_ok=True)
out_dir = Path("out") / "run1"
out_dir.mkdir(parents=True, exist_ok=True)
# An except clause that catches FileExistsError already lets the second rank on.
try:
    os.mkdir("checkpoints")
except OSError:
    pass
try:
    os.makedirs("tb", exist_ok=True)
except FileNotFoundError:
    os.makedirs("tb2", exist_ok=True)

model = nn.Linear(4, 2).npu()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(2):
    x = torch.randn(8, 4).npu()
    loss = model(x).sum()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    # the statement after the semicolon still runs on every rank
    npu_rank == 0 and torch.save(model.module.state_dict(), "ckpt/last.pt"); epoch_done = epoch
    # the file operations after it belong to rank 0's save
    if npu_rank == 0: torch.save(model.module.state_dict(), "ckpt/tmp.pt"); os.replace("ckpt/tmp.pt", "ckpt/best.pt")
print(epoch_done)
