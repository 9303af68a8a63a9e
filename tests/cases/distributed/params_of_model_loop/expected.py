# The optimizer's list is filled by a loop over the models: both train, both
# are wrapped.
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

model = nn.Linear(4, 2).npu()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
head = nn.Linear(2, 2).npu()
head = torch.nn.parallel.DistributedDataParallel(head.npu(), device_ids=[npu_local_rank])
params = []
for net in [model, head]:
    for p in net.parameters():
        params.append(p)
optimizer = torch.optim.SGD(params, lr=0.1)
ds = torch.utils.data.TensorDataset(torch.randn(64, 4), torch.randint(0, 2, (64,)))
loader = torch.utils.data.DataLoader(ds, batch_size=8, sampler=torch.utils.data.distributed.DistributedSampler(ds))
for epoch in range(2):
    loader.sampler.set_epoch(epoch)
    for x, y in loader:
        loss = nn.functional.cross_entropy(head(model(x.npu())), y.npu())
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
