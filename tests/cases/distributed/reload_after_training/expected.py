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

dataset = TensorDataset(torch.randn(16, 4), torch.randn(16, 1))
loader = DataLoader(dataset, batch_size=4, sampler=torch.utils.data.distributed.DistributedSampler(dataset))
model = nn.Linear(4, 1).npu()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
opt = torch.optim.SGD(model.parameters(), lr=0.1)


def train():
    for x, y in loader:
        opt.zero_grad()
        nn.functional.mse_loss(model(x.npu()), y.npu()).backward()
        opt.step()


try:
    for epoch in range(2):
        loader.sampler.set_epoch(epoch)
        train()
        if npu_rank == 0: torch.save(model.module.state_dict(), "best.pt")
except KeyboardInterrupt:
    pass

model = nn.Linear(4, 1)
torch.distributed.barrier()
model.load_state_dict(torch.load("best.pt"))
model.npu()
