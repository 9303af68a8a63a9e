import torch
from torch.cuda import device_count, is_available, set_device


def choose_device(rank):
    if not is_available():
        return torch.device("cpu")
    set_device(rank % device_count())
    return torch.device("cuda", rank % device_count())
