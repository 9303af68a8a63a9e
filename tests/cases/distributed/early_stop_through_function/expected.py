import torch
import torch_npu
from torch.utils.data import DataLoader, TensorDataset
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)

model = torch.nn.Linear(4, 1).npu()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
train_loader = DataLoader((npu_dataset := TensorDataset(torch.randn(64, 4))), batch_size=8, sampler=torch.utils.data.distributed.DistributedSampler(npu_dataset))
valid_loader = DataLoader((npu_dataset := TensorDataset(torch.randn(64, 4))), batch_size=8, sampler=torch.utils.data.distributed.DistributedSampler(npu_dataset, shuffle=False))


def train():
    for (x,) in train_loader:
        loss = model(x.npu()).pow(2).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def validate(loader):
    with torch.no_grad():
        return sum(model(x.npu()).pow(2).mean().item() for (x,) in loader)


# pytorch-flows: the epoch loop trains through a function, and stops on what this rank validated
best_loss, best_epoch = float("inf"), 0
for epoch in range(100):
    train_loader.sampler.set_epoch(epoch)
    train()
    val = validate(valid_loader)
    if epoch - best_epoch >= 3:
        break
    if val < best_loss:
        best_loss, best_epoch = val, epoch
