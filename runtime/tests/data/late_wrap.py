"""A converted (NPU) script that trains its model before the DDP wrap (--late): the wrap copies
rank 0's parameters to every rank, so the ranks end in sync although they trained apart."""
import argparse
import os

import torch
import torch_npu
import torch.distributed as dist
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel as DDP


def train(model, optimizer):
    for _ in range(3):
        optimizer.zero_grad()
        model(torch.randn(8, 4).npu()).pow(2).mean().backward()
        optimizer.step()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--late", action="store_true")
    args = parser.parse_args()
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.npu.set_device(local_rank)
    dist.init_process_group(backend="hccl")

    model = nn.Linear(4, 1).npu()
    if not args.late:
        model = DDP(model, device_ids=[local_rank])
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    train(model, optimizer)
    if args.late:
        model = DDP(model, device_ids=[local_rank])
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
