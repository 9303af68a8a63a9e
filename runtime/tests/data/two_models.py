"""A converted (NPU) script with a second trained model, a frozen one and a layer no optimizer
holds (a replaced head): --wrap-aux wraps the second in DDP too; without it, only per-rank
randomness shows that it was left out."""
import argparse
import os

import torch
import torch_npu
import torch.distributed as dist
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel as DDP


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--wrap-aux", action="store_true")
    args = parser.parse_args()
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.npu.set_device(local_rank)
    dist.init_process_group(backend="hccl")

    model = DDP(nn.Linear(4, 4).npu(), device_ids=[local_rank])
    aux = nn.Linear(4, 1).npu()
    if args.wrap_aux:
        aux = DDP(aux, device_ids=[local_rank])
    frozen = nn.Linear(4, 4).npu()  # never trained: each rank may hold its own
    for p in frozen.parameters():
        p.requires_grad = False
    old_head = nn.Linear(4, 2).npu()  # requires grad, but no optimizer trains it
    optimizer = torch.optim.SGD(list(model.parameters()) + list(aux.parameters()), lr=0.1)
    for _ in range(3):
        x = torch.randn(8, 4).npu()
        loss = aux(model(frozen(x))).pow(2).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
