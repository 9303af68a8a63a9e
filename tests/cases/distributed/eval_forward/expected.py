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

model = nn.Sequential(nn.Linear(4, 8), nn.BatchNorm1d(8), nn.Linear(8, 1)).npu()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
opt = torch.optim.SGD(model.parameters(), lr=0.1)
dataset = torch.utils.data.TensorDataset(torch.randn(64, 4), torch.randn(64, 1))
loader = torch.utils.data.DataLoader(dataset, batch_size=8, sampler=torch.utils.data.distributed.DistributedSampler(dataset))
for epoch in range(2):
    loader.sampler.set_epoch(epoch)
    for i, (x, y) in enumerate(loader):
        x, y = x.npu(), y.npu()
        loss = ((model(x) - y) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        # forwards that build no graph: no buffer broadcast can break a backward
        if i % 2 == 0:
            model.eval()
            with torch.no_grad():
                print(model(x[:2]))
            with torch.inference_mode():
                print(model(y.new_zeros(2, 4)))
            with torch.set_grad_enabled(False):
                print(model(x[2:4]))
            model.train()
if npu_rank == 0: torch.save(model.module.state_dict(), "model.pt")
