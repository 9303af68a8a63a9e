import os

import torch
import torch_npu

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)


def fit(model, optimizer):
    optimizer.zero_grad()
    model(torch.randn(8, 4).npu()).sum().backward()
    optimizer.step()


# Named for resuming, but it trains (through fit): the wrap comes before
# the call, not after it.
def resume_training(model, path, epochs):
    if os.path.exists(path):
        getattr(model, 'module', model).load_state_dict(torch.load(path))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        fit(model, optimizer)


model = torch.nn.Linear(4, 1).npu()
model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
resume_training(model, "ck.pt", 3)
