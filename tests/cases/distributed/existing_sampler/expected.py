import torch
import torch_npu
from torch.utils.data import DataLoader, WeightedRandomSampler
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)


def make_loader(dataset, weights):
    sampler = WeightedRandomSampler(weights, num_samples=len(weights))
    return DataLoader(dataset, batch_size=32, sampler=sampler)


model = torch.nn.Linear(2, 2).npu()
