# A loader built again inside the epoch loop (AlphaPose's milestones) keeps
# the set_epoch at the loop's top, with no WARNING; one built only inside the
# loop has no loader at that point, so it gets the WARNING
import torch
import torch_npu
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)

model = nn.Linear(4, 1).npu()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
dataset = TensorDataset(torch.randn(32, 4), torch.randn(32, 1))
loader = DataLoader(dataset, batch_size=4, sampler=torch.utils.data.distributed.DistributedSampler(dataset))
for epoch in range(3):
    loader.sampler.set_epoch(epoch)
    for x, y in loader:
        loss = ((model(x.npu()) - y.npu()) ** 2).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    if epoch == 1:
        loader = DataLoader(dataset, batch_size=8, sampler=torch.utils.data.distributed.DistributedSampler(dataset))
for epoch in range(2):
    fresh = DataLoader(dataset, batch_size=4, sampler=torch.utils.data.distributed.DistributedSampler(dataset))
    for x, y in fresh:
        loss = ((model(x.npu()) - y.npu()) ** 2).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
