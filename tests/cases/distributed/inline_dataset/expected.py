import torch
import torch_npu
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset, Subset
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)

encoder = nn.Linear(4, 2).npu()
encoder = torch.nn.parallel.DistributedDataParallel(encoder.npu(), device_ids=[npu_local_rank])
decoder = nn.Linear(2, 4).npu()
decoder = torch.nn.parallel.DistributedDataParallel(decoder.npu(), device_ids=[npu_local_rank])
params = list(encoder.parameters()) + list(decoder.parameters())
optimizer = torch.optim.SGD(params, lr=0.1)

# The dataset is built in the call: it gets a name for the sampler.
train_loader = torch.utils.data.DataLoader(
    (npu_dataset := TensorDataset(torch.randn(64, 4))),
    batch_size=8, sampler=torch.utils.data.distributed.DistributedSampler(npu_dataset))
test_loader = DataLoader(dataset=(npu_dataset := Subset(TensorDataset(torch.randn(16, 4)), range(8))), batch_size=8, sampler=torch.utils.data.distributed.DistributedSampler(npu_dataset, shuffle=False))
val_loader = DataLoader(dataset=train_loader.dataset, batch_size=8, sampler=torch.utils.data.distributed.DistributedSampler(train_loader.dataset, shuffle=False))  # by name, no shuffle
folds = [DataLoader(Subset(train_loader.dataset, range(k, 64, 4)), batch_size=8) for k in range(4)]

for epoch in range(2):
    train_loader.sampler.set_epoch(epoch)
    for (x,) in train_loader:
        x = x.npu()
        loss = ((decoder(encoder(x)) - x) ** 2).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    with torch.no_grad():
        for (x,) in test_loader:
            x = x.npu()
            print(((decoder(encoder(x)) - x) ** 2).mean().item())
