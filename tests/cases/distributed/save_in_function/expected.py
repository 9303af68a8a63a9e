import os
import sys
import torch
import torch_npu
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)



def describe():
    print(getattr(model, 'module', model).weight.shape)  # runs before the wrap: the model is not wrapped yet


model = nn.Linear(4, 1).npu()
describe()
if os.path.exists("ckpt.pth"):  # resume: the checkpoint that save() below writes
    model.load_state_dict(torch.load("ckpt.pth"))
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])

ds = TensorDataset(torch.randn(32, 4), torch.randn(32, 1))
loader = DataLoader(ds, batch_size=4, sampler=torch.utils.data.distributed.DistributedSampler(ds))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

def save():
    torch.save(model.module.state_dict(), "ckpt.pth")

for epoch in range(2):
    loader.sampler.set_epoch(epoch)
    for x, y in loader:
        optimizer.zero_grad()
        loss = ((model(x.npu()) - y.npu()) ** 2).mean()
        loss.backward()
        optimizer.step()
    if npu_rank == 0: save()
if npu_rank == 0: torch.save(model.module, "full.pth")  # the whole model: saved without its DDP wrapper
