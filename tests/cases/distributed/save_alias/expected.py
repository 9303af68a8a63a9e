# a2c-ppo-acktr's save: an alias of the model, or a CPU copy of it, is what
# torch.save gets. Either way the checkpoint holds the plain module.
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

use_cuda = True
model = nn.Linear(4, 2)
model.npu()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for step in range(2):
    loss = model(torch.randn(8, 4).npu()).pow(2).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    save_model = model
    if use_cuda:
        save_model = copy.deepcopy(model.module).cpu()
    if npu_rank == 0: torch.save(getattr(save_model, 'module', save_model), "policy.pt")
