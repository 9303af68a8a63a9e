import torch
import torch_npu
from torch.utils.data import DataLoader, TensorDataset
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)
model = torch.nn.Linear(1, 1)
ds = TensorDataset(torch.zeros(8, 1))
a = DataLoader(ds, batch_size=32,
               num_workers=4, sampler=torch.utils.data.distributed.DistributedSampler(ds))
b = DataLoader(
    ds,
    num_workers=4, sampler=torch.utils.data.distributed.DistributedSampler(ds),
)
c = DataLoader(ds, num_workers=4, sampler=torch.utils.data.distributed.DistributedSampler(ds))
d = DataLoader(ds, sampler=torch.utils.data.distributed.DistributedSampler(ds, shuffle=False))
e = DataLoader(ds  # mix
               , num_workers=2, sampler=torch.utils.data.distributed.DistributedSampler(ds))
f = DataLoader(
    dataset=ds, sampler=torch.utils.data.distributed.DistributedSampler(ds))
g = DataLoader(
    ds, batch_size=8,
    # 'True' to check training progress: the comment stays on its own line
    num_workers=0, sampler=torch.utils.data.distributed.DistributedSampler(ds))
for epoch in range(3):
    a.sampler.set_epoch(epoch)
    for x in a:
        pass
