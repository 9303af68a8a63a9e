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


def weights_init(m):
    if isinstance(m, nn.Linear):
        nn.init.normal_(m.weight, 0.0, 0.02)


def main(epochs=2):
    train_set = TensorDataset(torch.randn(32, 4), torch.randn(32, 1))
    test_set = TensorDataset(torch.randn(8, 4), torch.randn(8, 1))
    train_kwargs = {"batch_size": 4, "shuffle": True}
    loader_kwargs = {"num_workers": 0, "pin_memory": True}
    # shuffle may be in train_kwargs: the sampler is left to the user
    train_loader = DataLoader(train_set, **train_kwargs)
    # shuffle is named, so loader_kwargs cannot hold it
    test_loader = DataLoader(test_set, **loader_kwargs, sampler=torch.utils.data.distributed.DistributedSampler(test_set, shuffle=False))
    model = nn.Linear(4, 1)
    model.apply(weights_init)
    model.npu()
    model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        for x, y in train_loader:
            opt.zero_grad()
            nn.functional.mse_loss(model(x.npu()), y.npu()).backward()
            opt.step()
    return test_loader
