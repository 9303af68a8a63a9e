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


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(4, 4)
        self.fc = nn.Linear(4, 2)

    def forward(self, x):
        return self.fc(torch.relu(self.body(x)))


# The setup goes right after the first imports: this code uses the device.
ds = TensorDataset(torch.randn(32, 4), torch.randint(0, 3, (32,)))
loader = DataLoader(ds, batch_size=4, sampler=torch.utils.data.distributed.DistributedSampler(ds))

# Fine-tuning: a new head, a frozen body, then the move to the device. The
# wrap comes after all of it: DDP must see the final parameters.
model = Net()
model.fc = nn.Linear(4, 3)
for p in model.body.parameters():
    p.requires_grad = False
model = model.npu()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank], find_unused_parameters=True)

import torch.optim as optim  # a late import: the setup stays above the first use

optimizer = optim.SGD(model.module.fc.parameters(), lr=0.1)
criterion = nn.CrossEntropyLoss()
for lr in [0.1, 0.01]:  # a sweep, not an epoch loop: set_epoch takes an int
    for g in optimizer.param_groups:
        g["lr"] = lr
    for epoch in range(2):
        loader.sampler.set_epoch(epoch)
        for x, y in loader:
            optimizer.zero_grad()
            loss = criterion(model(x.npu()), y.npu())
            loss.backward()
            optimizer.step()
