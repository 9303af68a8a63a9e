import torch.distributed as dist
import torch_npu
import torch


def init(rank, world_size):
    dist.init_process_group(backend="hccl", rank=rank, world_size=world_size)
    torch.npu.set_device(rank)
    return dist.get_world_size()
