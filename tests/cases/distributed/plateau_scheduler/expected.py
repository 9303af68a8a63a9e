import torch
import torch_npu
import torch.nn as nn
from torch.optim import lr_scheduler
from torch.optim.lr_scheduler import ReduceLROnPlateau as Plateau
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)


class Tracker:
    def __init__(self, optimizer):
        self.sched = lr_scheduler.ReduceLROnPlateau(optimizer, mode="max", patience=0)

    def update(self, accuracy):
        self.sched.step(accuracy)  # each rank's own accuracy


model = nn.Linear(4, 1).npu()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
warmup = lr_scheduler.StepLR(optimizer, step_size=2)  # steps alike on every rank
scheduler = Plateau(optimizer, patience=0)
tracker = Tracker(optimizer)
ds = torch.utils.data.TensorDataset(torch.randn(64, 4), torch.randn(64, 1))
loader = torch.utils.data.DataLoader(ds, batch_size=8, sampler=torch.utils.data.distributed.DistributedSampler(ds))
for epoch in range(8):
    loader.sampler.set_epoch(epoch)
    total = 0.0
    for x, y in loader:
        loss = nn.functional.mse_loss(model(x.npu()), y.npu())
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        total += loss.item()
    warmup.step()
    scheduler.step(total)
    tracker.update(-total)
print(optimizer.param_groups[0]["lr"])
