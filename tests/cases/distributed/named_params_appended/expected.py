# The optimizer gets groups that a loop over named_parameters() fills (no
# weight decay on biases, as BERT fine-tuning scripts do): model trains.
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

model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2)).npu()
decay, no_decay = [], []
for name, param in model.named_parameters():
    if name.endswith("bias"):
        no_decay.append(param)
    else:
        decay.append(param)
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
optimizer = torch.optim.AdamW([{"params": decay, "weight_decay": 0.01}, {"params": no_decay, "weight_decay": 0.0}], lr=0.1)
ds = torch.utils.data.TensorDataset(torch.randn(64, 4), torch.randint(0, 2, (64,)))
loader = torch.utils.data.DataLoader(ds, batch_size=8, sampler=torch.utils.data.distributed.DistributedSampler(ds))
for epoch in range(2):
    loader.sampler.set_epoch(epoch)
    for x, y in loader:
        loss = nn.functional.cross_entropy(model(x.npu()), y.npu())
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
