import copy

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


class Net(nn.Linear):
    def describe(self):
        return f"Net({self.in_features}, {self.out_features})"


model = Net(4, 1).npu()
model_without_ddp = model  # the optimizer is built from the alias: the called model is wrapped
ema = copy.deepcopy(model)  # a copy of the module, not of the wrapper
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
optimizer = torch.optim.SGD(model_without_ddp.parameters(), lr=0.1)
for step in range(3):
    loss = model(torch.randn(8, 4).npu()).sum()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    with torch.no_grad():
        for e, p in zip(ema.parameters(), model.parameters()):
            e.mul_(0.9).add_(p, alpha=0.1)
print(model_without_ddp.describe())
if npu_rank == 0: torch.save(model_without_ddp.state_dict(), "model.pt")
if npu_rank == 0: torch.save(ema.state_dict(), "ema.pt")
