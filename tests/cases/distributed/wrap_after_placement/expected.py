import torch
import torch_npu
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset


def main(gpu):
    model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
    torch.npu.set_device(npu_local_rank)
    # move it to the card
    model.npu(npu_local_rank)
    model.half()
    model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
    dataset = TensorDataset(torch.randn(8, 4))
    loader = DataLoader(dataset, batch_size=2, sampler=torch.utils.data.distributed.DistributedSampler(dataset))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(2):
        loader.sampler.set_epoch(epoch)
        for (x,) in loader:
            opt.zero_grad()
            model(x.npu(npu_local_rank).half()).sum().backward()
            opt.step()


def build():
    net = nn.Linear(4, 2)
    net.npu()
    return net


if __name__ == "__main__":
    import os

    # Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
    # Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
    npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
    npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
    npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
    torch.npu.set_device(npu_local_rank)
    torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)
    main(0)
