import torch
from torch.nn.parallel import DistributedDataParallel as DDP


def wrap(model, local_rank):
    return DDP(model.cuda(local_rank), device_ids=[local_rank], find_unused_parameters=True)


def wrap_middle(model, local_rank):
    return DDP(model, device_ids=[local_rank], find_unused_parameters=True, broadcast_buffers=False)
