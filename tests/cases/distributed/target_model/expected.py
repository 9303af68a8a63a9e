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

net = nn.Linear(10, 1).npu(npu_local_rank)
checkpoint = torch.load("init.pth", map_location=f'npu:{npu_local_rank}')
net.load_state_dict(checkpoint)
net = net.train()
net = torch.nn.parallel.DistributedDataParallel(net.npu(), device_ids=[npu_local_rank])
print(net.module.state_dict().keys())
