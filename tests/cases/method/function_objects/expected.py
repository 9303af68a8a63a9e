from functools import partial

import torch
import torch_npu
from torch import Tensor


def to_device(batch, model):
    # the methods as function objects, as data pipelines pass them around
    batch = list(map(torch.Tensor.npu, batch))
    move = partial(Tensor.npu, non_blocking=True)
    on_card = all(map(Tensor.is_npu.__get__, batch))
    return torch.nn.Module.npu(model), move, on_card
