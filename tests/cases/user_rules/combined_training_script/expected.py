"""Distributed training entry point of a detection project (mmcv + apex flavour)."""
import argparse

import torch
import torch_npu
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP
from mmcv.runner import get_dist_info, init_dist

import models.npu_kernels as kernels
from models.npu_kernels import fused_adam


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--local_rank", type=int, default=0)
    parser.add_argument("--launcher", default="pytorch")
    return parser.parse_args()


def main():
    args = parse_args()
    init_dist(args.launcher, backend="hccl")
    rank, world_size = get_dist_info()
    torch.npu.set_device(args.local_rank)
    model = kernels.build_detector().npu()
    model = DDP(model)
    optimizer = fused_adam.FusedAdam(model.parameters(), lr=1e-3)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, 10)
    for epoch in range(12):
        scheduler.step()
        if rank == 0:
            print(epoch, scheduler.get_last_lr(), world_size)
    dist.barrier()


if __name__ == "__main__":
    main()
