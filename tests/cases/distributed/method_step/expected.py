# the training step is a method of the model: it runs around DDP, a WARNING says so
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


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(4, 1)

    def forward(self, x):
        return self.fc(x)

    def train_step(self, x, opt):
        opt.zero_grad()
        self(x).pow(2).mean().backward()
        opt.step()


loader = DataLoader((npu_dataset := TensorDataset(torch.randn(32, 4))), batch_size=8, sampler=torch.utils.data.distributed.DistributedSampler(npu_dataset))
model = Net().npu()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(3):
    loader.sampler.set_epoch(epoch)
    for (x,) in loader:
        model.module.train_step(x.npu(), optimizer)
