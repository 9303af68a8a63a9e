# A forward before the optimizer creates the lazy parameters: the DDP wrap
# goes after it, as DDP raises on a module with uninitialized parameters.
import torch
import torch_npu
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)

model = torch.nn.Sequential(torch.nn.LazyLinear(8), torch.nn.ReLU(), torch.nn.Linear(8, 1))
data = torch.utils.data.TensorDataset(torch.randn(64, 4), torch.randn(64, 1))
loader = torch.utils.data.DataLoader(data, batch_size=16, sampler=torch.utils.data.distributed.DistributedSampler(data))

# initialize the lazy parameters before the optimizer is built
model(data[:2][0])
model.npu()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

for epoch in range(2):
    loader.sampler.set_epoch(epoch)
    for x, y in loader:
        loss = torch.nn.functional.mse_loss(model(x.npu()), y.npu())
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
