import argparse

import torch
import torch_npu
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset


def train_one_epoch(model, loader, optimizer, criterion):
    model.train()
    for x, y in loader:
        x, y = x.npu(non_blocking=True), y.npu(non_blocking=True)
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--gpu", type=int, default=0)
    parser.add_argument("--epochs", type=int, default=2)
    args = parser.parse_args()

    torch.npu.set_device(npu_local_rank)
    device = torch.device("npu" if torch.npu.is_available() else "cpu")
    dataset = TensorDataset(torch.randn(64, 8), torch.randint(0, 2, (64,)))
    train_loader = DataLoader(dataset, batch_size=8, num_workers=2, sampler=torch.utils.data.distributed.DistributedSampler(dataset))

    model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 2))
    if torch.npu.device_count() > 1:
        pass
    model = model.to(device)
    model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    criterion = nn.CrossEntropyLoss().npu(npu_local_rank)

    for epoch in range(args.epochs):
        train_loader.sampler.set_epoch(epoch)
        train_one_epoch(model, train_loader, optimizer, criterion)
        if npu_rank == 0: torch.save(model.module.state_dict(), "checkpoint.pth")


if __name__ == "__main__":
    import os

    # Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
    # Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
    npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
    npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
    npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
    torch.npu.set_device(npu_local_rank)
    torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)
    main()
