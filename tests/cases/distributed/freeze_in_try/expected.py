"""EasyOCR's trainer/train.py: the freeze loop sits in a try whose except passes;
the wrap goes after it, as after a bare one, or DDP waits for gradients of
parameters frozen after the wrap."""
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

device = torch.device('npu')


def train(freeze=True):
    model = nn.Sequential(nn.Linear(4, 4), nn.Linear(4, 2))
    model = model.to(device)
    model.train()
    criterion = nn.MSELoss().to(device)

    # freeze some layers
    try:
        if freeze:
            for param in model[0].parameters():
                param.requires_grad = False
    except:
        pass
    model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])

    params = [p for p in model.parameters() if p.requires_grad]
    optimizer = torch.optim.SGD(params, lr=0.1)
    loader = DataLoader((npu_dataset := TensorDataset(torch.randn(16, 4), torch.randn(16, 2))), batch_size=4, sampler=torch.utils.data.distributed.DistributedSampler(npu_dataset))
    for epoch in range(2):
        loader.sampler.set_epoch(epoch)
        for x, y in loader:
            optimizer.zero_grad()
            loss = criterion(model(x.to(device)), y.to(device))
            loss.backward()
            optimizer.step()


if __name__ == "__main__":
    train()
