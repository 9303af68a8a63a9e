import torch
import torch_npu
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.tensorboard import SummaryWriter


def train_and_eval(rank, epochs):
    # rank is a constant of this single-card script: `if rank == 0:` holds
    # on every rank once it is distributed, so it guards nothing.
    if rank == 0:
        writer = SummaryWriter("logs")
    torch.npu.set_device(npu_local_rank)
    model = torch.nn.Linear(4, 2).npu(npu_local_rank)
    model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    loader = DataLoader((npu_dataset := TensorDataset(torch.randn(16, 4), torch.randn(16, 2))), batch_size=4, sampler=torch.utils.data.distributed.DistributedSampler(npu_dataset))
    for epoch in range(epochs):
        loader.sampler.set_epoch(epoch)
        for x, y in loader:
            x, y = x.npu(npu_local_rank), y.npu(npu_local_rank)
            loss = torch.nn.functional.mse_loss(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        if rank == 0:
            writer.add_scalar("loss", loss.item(), epoch)
            if npu_rank == 0: torch.save(model.module.state_dict(), "G_{}.pth".format(epoch))


def main():
    rank = 0
    train_and_eval(rank, 2)


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
