# PyG's DataParallel hard-codes cuda:N: distributed mode removes it as it does
# torch's (the import row says to load with torch_geometric.loader.DataLoader,
# whose batches the model takes as they are), and PyG's DataLoader gets a
# DistributedSampler like torch's.
import torch
import torch_npu
from torch_geometric.loader import DataLoader
from torch_geometric.nn import DataParallel

from net import Net, dataset
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)

loader = DataLoader(dataset, batch_size=32, sampler=torch.utils.data.distributed.DistributedSampler(dataset))
model = Net()
model = model.to(torch.device(f'npu:{npu_local_rank}'))
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
for epoch in range(10):
    loader.sampler.set_epoch(epoch)
    for batch in loader:
        optimizer.zero_grad()
        loss = model(batch.to(f'npu:{npu_local_rank}')).mean()
        loss.backward()
        optimizer.step()
