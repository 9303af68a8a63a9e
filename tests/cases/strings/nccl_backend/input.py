import os

import torch
import torch.distributed as dist


def init_distributed():
    backend = "nccl" if torch.cuda.is_available() else "gloo"
    dist.init_process_group(backend=backend, init_method="env://")
    rank = int(os.environ["RANK"])
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(local_rank)
    return rank, local_rank


def is_nccl():
    return dist.get_backend() == 'nccl'


def init_windows():
    # a file that names nccl chose gloo for a case of its own: no warning
    if os.name == "nt":
        dist.init_process_group(backend="gloo", init_method="file:///tmp/init")
