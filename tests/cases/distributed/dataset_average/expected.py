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

# pytorch/examples' VAE: the epoch's average loss divides a rank's sum by the whole dataset.
train_loader = DataLoader((npu_dataset := TensorDataset(torch.randn(64, 4))), batch_size=8, sampler=torch.utils.data.distributed.DistributedSampler(npu_dataset))
model = torch.nn.Linear(4, 4).npu()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
for epoch in range(2):
    train_loader.sampler.set_epoch(epoch)
    train_loss = 0
    for (x,) in train_loader:
        optimizer.zero_grad()
        loss = model(x.npu()).pow(2).sum()
        loss.backward()
        train_loss += loss.item()
        optimizer.step()
    print('Average loss: {:.4f}'.format(train_loss / len(train_loader.dataset)))
    train_loss /= len(train_loader.dataset)
    batches = len(train_loader.dataset) // 8  # no average of a sum: no warning
