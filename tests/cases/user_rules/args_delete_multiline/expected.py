import torch
import torch_npu
from torch.nn.parallel import DistributedDataParallel


def wrap(model, local_rank):
    model = DistributedDataParallel(
        model.npu(local_rank),
        broadcast_buffers=False,  # buffers are synced by hand
    )
    return model


def wrap_no_trailing_comma(model, local_rank):
    return DistributedDataParallel(model,
                                   output_device=local_rank)
