"""KAIR's main_train_psnr.py: the test loader is read under a rank guard that
a dict key names (opt['rank'] == 0), so rank 0 alone evaluates, on all of the data:
no DistributedSampler for it, and no second guard on the save."""
import torch
import torch_npu
import torch.distributed as dist
from torch.utils.data import DataLoader, TensorDataset


def get_rank():
    return dist.get_rank() if dist.is_initialized() else 0


def main():
    opt = {'rank': get_rank()}
    model = torch.nn.Linear(4, 1).npu()
    model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    train_loader = DataLoader((npu_dataset := TensorDataset(torch.randn(16, 4), torch.randn(16, 1))), batch_size=4, sampler=torch.utils.data.distributed.DistributedSampler(npu_dataset))
    test_loader = DataLoader(TensorDataset(torch.randn(8, 4), torch.randn(8, 1)), batch_size=1, shuffle=False)
    for epoch in range(2):
        train_loader.sampler.set_epoch(epoch)
        for x, y in train_loader:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x.npu()), y.npu()).backward()
            optimizer.step()
        if opt['rank'] == 0:
            n = 0
            for x, y in test_loader:
                n += 1
            print("evaluated", n, "of", len(test_loader.dataset))
            torch.save(model.module.state_dict(), "m.pt")


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
