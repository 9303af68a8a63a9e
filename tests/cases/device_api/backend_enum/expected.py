import torch
import torch_npu
import torch.distributed as dist
from torch.distributed import Backend


def init(args):
    # the enum form of the backend name, as torch's own docs write it
    dist.init_process_group(backend=dist.Backend.HCCL, init_method=args.dist_url)
    if dist.get_backend() == Backend.HCCL:
        torch.npu.set_device(args.local_rank)
    # left alone: the CPU backend
    group = dist.new_group(backend=Backend.GLOO)
    return group
