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


class RNNModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.GRU(4, 4, batch_first=True)

    def init_hidden(self, bsz):
        return torch.zeros(1, bsz, 4)

    def forward(self, x, h):
        return self.rnn(x, h)


model = RNNModel().npu()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
loader = DataLoader((npu_dataset := TensorDataset(torch.randn(16, 3, 4))), batch_size=4, sampler=torch.utils.data.distributed.DistributedSampler(npu_dataset))


def train():
    # the module-level model: wrapped while it trains, plain after the reload
    for (x,) in loader:
        h = getattr(model, 'module', model).init_hidden(x.size(0)).npu()
        out, _ = model(x.npu(), h)
        optimizer.zero_grad()
        out.sum().backward()
        optimizer.step()


def save(model, path):
    # a parameter: whatever the caller gives
    torch.save(getattr(model, 'module', model).state_dict(), path)


for epoch in range(2):
    loader.sampler.set_epoch(epoch)
    train()
    if npu_rank == 0: save(model.module, "model.pt")

model = RNNModel()
torch.distributed.barrier()
model.load_state_dict(torch.load("model.pt"))
h = model.init_hidden(1)
