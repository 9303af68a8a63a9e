import torch
import torch_npu
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset, random_split
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)

full = TensorDataset(torch.randn(80, 4), torch.randn(80, 1))
train_set, val_set = random_split(full, [64, 16])  # unseeded: each rank would split apart
train_loader = DataLoader(train_set, batch_size=8, sampler=torch.utils.data.distributed.DistributedSampler(train_set))
val_loader = DataLoader(val_set, batch_size=8, sampler=torch.utils.data.distributed.DistributedSampler(val_set))
model = nn.Linear(4, 1).npu()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
best, bad = float("inf"), 0
for epoch in range(20):
    train_loader.sampler.set_epoch(epoch)
    val_loader.sampler.set_epoch(epoch)
    if epoch == 10:  # the same on every rank: no warning
        break
    for x, y in train_loader:
        loss = ((model(x.npu()) - y.npu()) ** 2).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    with torch.no_grad():
        val = sum(((model(x.npu()) - y.npu()) ** 2).mean().item() for x, y in val_loader)
    if val < best - 1e-3:
        best, bad = val, 0
    else:
        bad += 1
        if bad >= 2:  # measured on this rank's share of the data
            break

# A step counter stops every rank alike: no warning.
iter_num = 0
while True:
    for micro_step in range(2):
        loss = model(torch.randn(8, 4).npu()).sum()
        loss.backward()
    optimizer.step()
    optimizer.zero_grad()
    iter_num += 1
    if iter_num > 10:
        break
