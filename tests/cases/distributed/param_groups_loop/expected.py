# A loop over the optimizer's param_groups (the learning rate set again after
# a restore, coqui TTS's train_encoder.py) does not train: the DDP wrap still
# goes after the freeze loop and the move to the GPU that follow it.
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

model = nn.Sequential(nn.Linear(4, 4), nn.Linear(4, 2))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for group in optimizer.param_groups:
    group["lr"] = 0.01
for p in model[0].parameters():
    p.requires_grad = False
model = model.npu()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
loader = torch.utils.data.DataLoader((npu_dataset := torch.randn(64, 4)), batch_size=8, sampler=torch.utils.data.distributed.DistributedSampler(npu_dataset))
for epoch in range(2):
    loader.sampler.set_epoch(epoch)
    for x in loader:
        loss = model(x.npu()).sum()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
