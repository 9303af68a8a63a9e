import torch.distributed as dist
import torch


def init(rank, world_size):
    dist.init_process_group(backend="nccl", rank=rank, world_size=world_size)
    torch.cuda.set_device(rank)
    return dist.get_world_size()
