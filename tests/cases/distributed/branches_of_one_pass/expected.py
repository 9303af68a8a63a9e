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

# word_language_model's shape: one pass calls the model in one branch or the other, so DDP's
# buffer broadcast (BatchNorm's running statistics) stays on.
model = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.BatchNorm1d(4)).npu()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
loader = DataLoader((npu_dataset := TensorDataset(torch.randn(64, 4))), batch_size=8, sampler=torch.utils.data.distributed.DistributedSampler(npu_dataset))
use_half = False
for epoch in range(2):
    loader.sampler.set_epoch(epoch)
    for (x,) in loader:
        if use_half:
            out = model(x.npu().half())
        else:
            out = model(x.npu())
        loss = out.pow(2).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
