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

# Naming each device is no device choice, also through a variable.
gpu_count = torch.npu.device_count()
names = [torch.npu.get_device_name(i) for i in range(gpu_count)]
for gpu_id in range(gpu_count):
    with torch.npu.device(gpu_id):
        print(torch.npu.memory_allocated(gpu_id))
print(names)

model = nn.Linear(4, 2).npu(npu_local_rank)
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(2):
    loss = model(torch.randn(8, 4).npu(npu_local_rank)).sum()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
