# A batch scaled by the card count is DataParallel's convention (one batch
# split over the cards): under DDP every rank loads a batch of its own, so
# the factor gets a WARNING. A learning rate scaled so is left alone.
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

model = nn.Linear(4, 2)
if torch.npu.device_count() > 1:
    pass
model = model.npu()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
lr = 0.1 * torch.npu.device_count()
optimizer = torch.optim.SGD(model.parameters(), lr=lr)
batch_size = 4
batch_size *= torch.npu.device_count()
loader = DataLoader((npu_dataset := TensorDataset(torch.randn(32, 4))), batch_size=batch_size, sampler=torch.utils.data.distributed.DistributedSampler(npu_dataset))
val_loader = DataLoader((npu_dataset := TensorDataset(torch.randn(8, 4))), batch_size=2 * (torch.npu.device_count()), sampler=torch.utils.data.distributed.DistributedSampler(npu_dataset, shuffle=False))
# through a name (AlphaPose's num_gpu)
num_gpu = torch.npu.device_count()
test_loader = DataLoader((npu_dataset := TensorDataset(torch.randn(8, 4))), batch_size=4 * num_gpu, sampler=torch.utils.data.distributed.DistributedSampler(npu_dataset, shuffle=False))
workers = 2 * num_gpu
for epoch in range(2):
    loader.sampler.set_epoch(epoch)
    for (x,) in loader:
        loss = model(x.npu()).pow(2).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
