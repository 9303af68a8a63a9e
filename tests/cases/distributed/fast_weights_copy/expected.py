# A copy of the model that trains (fast weights) is a model of its own: it is
# copied from the plain module and wrapped right after the copy, before its
# forward and backward.
import copy
import torch
import torch_npu
from torch import nn
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)
model = nn.Linear(4, 1).npu()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
loader = torch.utils.data.DataLoader((npu_dataset := torch.randn(16, 4)), batch_size=4, sampler=torch.utils.data.distributed.DistributedSampler(npu_dataset))
for epoch in range(2):
    loader.sampler.set_epoch(epoch)
    for x in loader:
        fast = copy.deepcopy(model.module)
        fast = torch.nn.parallel.DistributedDataParallel(fast.npu(), device_ids=[npu_local_rank])
        fast_opt = torch.optim.SGD(fast.parameters(), lr=0.1)
        fast(x.npu()).sum().backward()
        fast_opt.step()
        model.module.load_state_dict(fast.module.state_dict())
        optimizer.zero_grad()
        model(x.npu()).sum().backward()
        optimizer.step()
