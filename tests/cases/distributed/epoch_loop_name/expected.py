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

loader = DataLoader((npu_dataset := TensorDataset(torch.randn(16, 4))), batch_size=4, sampler=torch.utils.data.distributed.DistributedSampler(npu_dataset))
model = torch.nn.Linear(4, 1).npu()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
epochs = range(3)  # the epoch loop runs over a name that holds the range
for epoch in epochs:
    loader.sampler.set_epoch(epoch)
    for (x,) in loader:
        optimizer.zero_grad()
        model(x.npu()).sum().backward()
        optimizer.step()
