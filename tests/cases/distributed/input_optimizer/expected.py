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

# Style transfer: the optimizer trains the input image; the model is frozen,
# and DistributedDataParallel refuses a module with nothing to train.
model = nn.Sequential(nn.Conv2d(3, 3, 3, padding=1)).npu().requires_grad_(False)
input_img = torch.randn(1, 3, 8, 8).npu()
optimizer = torch.optim.LBFGS([input_img.requires_grad_()])
for step in range(3):
    def closure():
        optimizer.zero_grad()
        loss = model(input_img).pow(2).mean()
        loss.backward()
        return loss
    optimizer.step(closure)
