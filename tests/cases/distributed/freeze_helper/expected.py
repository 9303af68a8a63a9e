# A loop in a function that MAIN defines on the way (EfficientDet's
# freeze_backbone) runs when the function is called, not there: the model is
# wrapped after it is frozen and moved, not before.
import argparse

import torch
import torch_npu
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


def train(opt):
    model = nn.Sequential(nn.Linear(4, 4), nn.Linear(4, 1))
    if opt.head_only:
        def freeze(m):
            if isinstance(m, nn.Linear) and m.out_features == 4:
                for p in m.parameters():
                    p.requires_grad = False
        model.apply(freeze)
    model = model.npu()
    model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
    optimizer = torch.optim.SGD(model.parameters(), 0.1)
    loader = DataLoader((npu_dataset := TensorDataset(torch.randn(64, 4))), batch_size=2, sampler=torch.utils.data.distributed.DistributedSampler(npu_dataset))
    for epoch in range(2):
        loader.sampler.set_epoch(epoch)
        for (x,) in loader:
            optimizer.zero_grad()
            loss = model(x.npu()).pow(2).mean()
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
    p = argparse.ArgumentParser()
    p.add_argument("--head_only", action="store_true")
    train(p.parse_args())
