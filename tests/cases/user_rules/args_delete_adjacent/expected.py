import torch
import torch_npu
from torch.nn.parallel import DistributedDataParallel as DDP


def wrap(model, local_rank):
    return DDP(model.npu(local_rank))


def wrap_middle(model, local_rank):
    return DDP(model, broadcast_buffers=False)
