import torch
import torch_npu
import torch.utils.data as tud
from torch.utils.data import DataLoader as DL
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)


def loaders(train_set, val_set, batch_size):
    train = DL(train_set, batch_size, sampler=torch.utils.data.distributed.DistributedSampler(train_set))
    val = tud.DataLoader(dataset=val_set, batch_size=batch_size, sampler=torch.utils.data.distributed.DistributedSampler(val_set, shuffle=False))
    return train, val


model = torch.nn.Linear(4, 4).npu()
train_loader, val_loader = loaders(None, None, 8)
