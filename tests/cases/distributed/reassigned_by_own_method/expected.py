# `model = model.train()` in the loop (pointnet.pytorch) keeps the wrapper: the
# saves after it still go through .module.
import torch
import torch_npu
import torch.nn as nn
import torch.nn.functional as F
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)

ds = torch.utils.data.TensorDataset(torch.randn(64, 4), torch.randint(0, 2, (64,)))
loader = torch.utils.data.DataLoader(ds, batch_size=8, sampler=torch.utils.data.distributed.DistributedSampler(ds))
model = nn.Linear(4, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
model.npu()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
for epoch in range(2):
    loader.sampler.set_epoch(epoch)
    for x, y in loader:
        x, y = x.npu(), y.npu()
        optimizer.zero_grad()
        model = model.train()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
if npu_rank == 0: torch.save(model.module.state_dict(), "m.pth")
