# The wrapped model is indexed (nn.Sequential) and saved whole inside a dict:
# both go through .module.
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
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(2):
    x = torch.randn(8, 4).npu()
    loss = model(x).sum()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(model.module[0].weight.norm().item())
if npu_rank == 0: torch.save({"net": model.module, "opt": optimizer.state_dict()}, "full.pt")
if npu_rank == 0: torch.save({"net": model.module.state_dict()}, "sd.pt")
