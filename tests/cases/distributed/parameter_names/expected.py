# Parameter groups chosen by name: the wrap goes after the code that reads
# the names (and the query before it), as each name gains "module." after it.
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


class TinyViT(nn.Module):
    def __init__(self):
        super().__init__()
        self.pos_embed = nn.Parameter(torch.zeros(1, 4))
        self.head = nn.Linear(4, 2)

    def no_weight_decay(self):
        return {'pos_embed'}

    def forward(self, x):
        return self.head(x + self.pos_embed)


ds = TensorDataset(torch.randn(64, 4), torch.randint(0, 2, (64,)))
loader = DataLoader(ds, batch_size=8, sampler=torch.utils.data.distributed.DistributedSampler(ds))
model = TinyViT().npu()
skip = model.no_weight_decay()
decay, no_decay = [], []
for name, param in model.named_parameters():
    if len(param.shape) == 1 or name.endswith(".bias") or name in skip:
        no_decay.append(param)
    else:
        decay.append(param)
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
optimizer = torch.optim.AdamW([{'params': no_decay, 'weight_decay': 0.}, {'params': decay, 'weight_decay': 0.05}], lr=1e-3)
print('no_decay:', len(no_decay), 'decay:', len(decay))
for epoch in range(2):
    loader.sampler.set_epoch(epoch)
    for x, y in loader:
        loss = nn.functional.cross_entropy(model(x.npu()), y.npu())
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
