"""ProGAN's train.py (Machine-Learning-Collection): get_loader() builds the loader
and returns it with its dataset; the epoch loop of its caller sets the
sampler's epoch."""
import torch
import torch_npu
import torch.nn as nn


def get_loader(n):
    ds = torch.utils.data.TensorDataset(torch.randn(n, 4), torch.randn(n, 2))
    loader = torch.utils.data.DataLoader(ds, batch_size=4, sampler=torch.utils.data.distributed.DistributedSampler(ds))
    return loader, ds


def main():
    model = nn.Linear(4, 2).npu()
    model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    loader, dataset = get_loader(16)
    for epoch in range(2):
        loader.sampler.set_epoch(epoch)
        for x, y in loader:
            loss = nn.functional.mse_loss(model(x.npu()), y.npu())
            opt.zero_grad()
            loss.backward()
            opt.step()


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
