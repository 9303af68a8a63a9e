import torch
import torch_npu
from torch.npu import device_count, is_available, set_device


def choose_device(rank):
    if not is_available():
        return torch.device("cpu")
    set_device(rank % device_count())
    return torch.device("npu", rank % device_count())
