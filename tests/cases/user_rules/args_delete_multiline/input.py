import torch
from torch.nn.parallel import DistributedDataParallel


def wrap(model, local_rank):
    model = DistributedDataParallel(
        model.cuda(local_rank),
        device_ids=[local_rank],
        broadcast_buffers=False,  # buffers are synced by hand
        find_unused_parameters=True,
    )
    return model


def wrap_no_trailing_comma(model, local_rank):
    return DistributedDataParallel(model,
                                   device_ids=[local_rank],
                                   output_device=local_rank)
