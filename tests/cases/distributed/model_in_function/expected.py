import torch
import torch_npu
import torch.nn as nn
from torch.utils.data import DataLoader
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)


def build_model(num_classes):
    model = nn.Linear(32, num_classes)
    model = model.npu()
    return model


def run(dataset, epochs):
    model = build_model(10)
    model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
    loader = DataLoader(dataset, batch_size=16, sampler=torch.utils.data.distributed.DistributedSampler(dataset))
    opt = torch.optim.Adam(model.parameters())
    for epoch in range(epochs):
        loader.sampler.set_epoch(epoch)
        for x, y in loader:
            opt.zero_grad()
            nn.functional.cross_entropy(model(x.npu()), y.npu()).backward()
            opt.step()
    state = {"model": model.module.state_dict(), "epoch": epochs}
    if npu_rank == 0: torch.save(state, "last.pth")
