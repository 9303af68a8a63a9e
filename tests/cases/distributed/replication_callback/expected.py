# Synchronized-BatchNorm-PyTorch's patch_replication_callback asserts a DataParallel:
# with the DataParallel gone, the call goes too.
import torch
import torch_npu
import torch.nn as nn
from sync_batchnorm.replicate import patch_replication_callback
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)

model = nn.Linear(4, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
model = model.npu()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
loader = torch.utils.data.DataLoader((npu_dataset := torch.randn(16, 4)), batch_size=4, sampler=torch.utils.data.distributed.DistributedSampler(npu_dataset))
for epoch in range(1):
    loader.sampler.set_epoch(epoch)
    for x in loader:
        loss = model(x.npu()).sum()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
