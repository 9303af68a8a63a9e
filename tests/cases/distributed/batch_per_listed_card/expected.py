"""HRNet's tools/train.py: the batch is BATCH_SIZE_PER_GPU * len(cfg.GPUS), the
DataParallel convention by the length of its device list: a WARNING, as for
torch.cuda.device_count()."""
import torch
import torch_npu
from torch.utils.data import DataLoader, TensorDataset
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)

GPUS = [0, 1, 2, 3]
BATCH_SIZE_PER_GPU = 32


def main():
    model = torch.nn.Linear(4, 1).npu()
    model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    loader = DataLoader((npu_dataset := TensorDataset(torch.randn(512, 4), torch.randn(512, 1))),
                        batch_size=BATCH_SIZE_PER_GPU * len(GPUS), sampler=torch.utils.data.distributed.DistributedSampler(npu_dataset))
    for epoch in range(2):
        loader.sampler.set_epoch(epoch)
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x), y.npu()).backward()
            optimizer.step()


if __name__ == "__main__":
    main()
