# SupContrast's main_supcon.py in brief: the DataLoader takes a sampler name that
# holds None (and shuffles when it is None): the name gets the
# DistributedSampler, which shuffles.
import torch
import torch_npu
from torch.utils.data import DataLoader, TensorDataset


def main():
    train_dataset = TensorDataset(torch.randn(32, 4), torch.randn(32, 1))
    train_sampler = torch.utils.data.distributed.DistributedSampler(train_dataset)
    train_loader = DataLoader(train_dataset, batch_size=4, shuffle=(train_sampler is None), num_workers=0, sampler=train_sampler)
    model = torch.nn.Linear(4, 1).npu()
    model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(2):
        train_loader.sampler.set_epoch(epoch)
        for x, y in train_loader:
            loss = ((model(x.npu()) - y.npu()) ** 2).mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()


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
