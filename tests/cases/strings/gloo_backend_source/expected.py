import argparse

import torch
import torch_npu
import torch.distributed as dist

parser = argparse.ArgumentParser()
parser.add_argument("--dist-backend", default="gloo", type=str)  # pytorch/examples' imagenet, 2018
parser.add_argument("--log-backend", default="gloo")  # no process group's backend: no warning
args = parser.parse_args()

BACKEND = "gloo"


def setup(rank, world_size, backend="gloo"):
    dist.init_process_group(backend, rank=rank, world_size=world_size)


def setup_from_args():
    dist.init_process_group(backend=args.dist_backend, init_method="env://")


def setup_from_constant():
    dist.init_process_group(backend=BACKEND)


def cpu_group(backend="gloo"):  # a group of its own, for CPU objects: no warning
    return dist.new_group(backend=backend)


model = torch.nn.Linear(2, 2).npu()
