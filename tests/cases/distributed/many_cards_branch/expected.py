# Code under `if device_count() > 1:` other than a DataParallel (a DataParallel
# by hand, as WaveRNN's data_parallel_workaround) would run in every rank over
# all the cards: a WARNING. The DataParallel branch itself goes.
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
model = nn.Linear(4, 1)
if torch.npu.device_count() > 1:
    pass
model = model.npu()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
loader = torch.utils.data.DataLoader((npu_dataset := torch.randn(16, 4)), batch_size=4, sampler=torch.utils.data.distributed.DistributedSampler(npu_dataset))
for epoch in range(2):
    loader.sampler.set_epoch(epoch)
    for x in loader:
        if torch.npu.device_count() > 1:
            replicas = nn.parallel.replicate(model, list(range(torch.npu.device_count())))
            y = nn.parallel.gather(nn.parallel.parallel_apply(replicas, nn.parallel.scatter(x.npu(), list(range(2)))), 0)
        else:
            y = model(x.npu())
        optimizer.zero_grad()
        y.sum().backward()
        optimizer.step()
