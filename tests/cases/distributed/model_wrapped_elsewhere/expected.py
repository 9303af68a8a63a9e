# SimSwap's train.py in brief: create_model (another file) returns the model
# inside a DataParallel, which MAIN reaches through model.module; MAIN wraps
# nothing itself, so distributed mode does not wrap it again.
import torch
import torch_npu
from models.models import create_model
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)

model = create_model()
optimizer_G = model.module.optimizer_G
loader = torch.utils.data.DataLoader((npu_dataset := torch.randn(16, 4)), batch_size=4, sampler=torch.utils.data.distributed.DistributedSampler(npu_dataset))
for epoch in range(2):
    loader.sampler.set_epoch(epoch)
    for x in loader:
        losses = model(x.npu())
        loss = sum(losses)
        optimizer_G.zero_grad()
        loss.backward()
        optimizer_G.step()
    model.module.save(epoch)
