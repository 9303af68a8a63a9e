# A forward whose second output is dropped: the aux head gets no gradient in
# that step, so the wrap looks for unused parameters (DDP raised without).
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


class TwoHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(4, 8)
        self.cls = nn.Linear(8, 2)
        self.aux = nn.Linear(8, 3)

    def forward(self, x):
        h = torch.relu(self.body(x))
        return self.cls(h), self.aux(h)


ds = TensorDataset(torch.randn(64, 4), torch.randint(0, 2, (64,)))
loader = DataLoader(ds, batch_size=8, sampler=torch.utils.data.distributed.DistributedSampler(ds))
model = TwoHead().npu()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank], find_unused_parameters=True)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(2):
    loader.sampler.set_epoch(epoch)
    for x, y in loader:
        logits, _ = model(x.npu())
        loss = nn.functional.cross_entropy(logits, y.npu())
        opt.zero_grad()
        loss.backward()
        opt.step()
print("done")
