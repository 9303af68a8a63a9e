# training calls the layers of an nn.Sequential one by one, not the model:
# DDP averages no gradient there, so the backward after them averages by hand
import torch
import torch_npu
import torch.nn as nn
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)

model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2)).npu()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for step in range(3):
    x = torch.randn(16, 4).npu()
    features = model.module[0](x)
    loss = model.module[2](model.module[1](features)).pow(2).mean()
    optimizer.zero_grad()
    loss.backward()
    for npu_param in model.parameters():
        if npu_param.grad is not None:
            torch.distributed.all_reduce(npu_param.grad)
            npu_param.grad /= npu_world_size
    optimizer.step()
    with torch.no_grad():
        # no gradient here: nothing to average
        check = model.module[0](x).mean()
if npu_rank == 0: torch.save(model.module.state_dict(), "model.pt")
