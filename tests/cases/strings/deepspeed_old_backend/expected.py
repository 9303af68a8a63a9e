import torch
import torch_npu
from deepspeed.utils import distributed


def init(args):
    torch.npu.set_device(args.local_rank)
    distributed.init_distributed(dist_backend=args.distributed_backend)


def init_old(args):
    distributed.init_distributed(dist_backend="hccl")
