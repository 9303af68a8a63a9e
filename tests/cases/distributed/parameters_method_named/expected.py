import torch
import torch_npu
import torch.nn as nn
import torch.optim as optim
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)


class Transformer(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(10, 4)
        self.proj = nn.Linear(4, 1)

    def get_trainable_parameters(self):
        return (p for n, p in self.named_parameters() if not n.startswith("emb"))

    def forward(self, x):
        return self.proj(self.emb(x))


transformer = Transformer().npu()
transformer = torch.nn.parallel.DistributedDataParallel(transformer.npu(), device_ids=[npu_local_rank])
optimizer = optim.Adam(transformer.module.get_trainable_parameters(), lr=1e-3)
ds = torch.utils.data.TensorDataset(torch.randint(0, 10, (64, 3)), torch.randn(64, 3, 1))
loader = torch.utils.data.DataLoader(ds, batch_size=8, sampler=torch.utils.data.distributed.DistributedSampler(ds))
for epoch in range(2):
    loader.sampler.set_epoch(epoch)
    for x, y in loader:
        loss = nn.functional.mse_loss(transformer(x.npu()), y.npu())
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
if npu_rank == 0: torch.save(transformer.module.state_dict(), "transformer.pt")
