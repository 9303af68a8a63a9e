import torch
from deepspeed.utils import distributed


def init(args):
    torch.cuda.set_device(args.local_rank)
    distributed.init_distributed(dist_backend=args.distributed_backend)


def init_old(args):
    distributed.init_distributed(dist_backend="nccl")
