# A rank that skips a step on what it computed leaves the others waiting in
# the backward's all-reduce: a WARNING. A skip on the step count is alike on
# every rank: none.
import torch
import torch_npu
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)

ds = TensorDataset(torch.randn(64, 4), torch.randint(0, 2, (64,)))
loader = DataLoader(ds, batch_size=8, sampler=torch.utils.data.distributed.DistributedSampler(ds))
model = nn.Linear(4, 2).npu()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(2):
    loader.sampler.set_epoch(epoch)
    for step, (x, y) in enumerate(loader):
        if step % 100 == 99:
            continue
        loss = nn.functional.cross_entropy(model(x.npu()), y.npu())
        if torch.isnan(loss):
            continue
        opt.zero_grad()
        loss.backward()
        opt.step()
