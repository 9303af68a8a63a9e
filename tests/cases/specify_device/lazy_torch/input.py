"""Utilities that CPU hosts import too: torch is imported where it is used,
so -s sets the device there, and only where the device is used."""
import os


def str_to_torch_dtype(dtype):
    import torch

    return getattr(torch, dtype)


def get_gpu_memory(max_gpus=None):
    import torch

    gpu_memory = []
    num_gpus = (
        torch.cuda.device_count()
        if max_gpus is None
        else min(max_gpus, torch.cuda.device_count())
    )

    for gpu_id in range(num_gpus):
        with torch.cuda.device(gpu_id):
            device = torch.cuda.current_device()
            gpu_properties = torch.cuda.get_device_properties(device)
            total_memory = gpu_properties.total_memory / (1024**3)
            allocated_memory = torch.cuda.memory_allocated() / (1024**3)
            gpu_memory.append(total_memory - allocated_memory)
    return gpu_memory


def load_weights(path):
    import torch

    return torch.load(os.path.join(path, "model.bin"), map_location="cuda:0")


def warm_up():
    import torch

    return torch.zeros(1).cuda()


def build_head():
    # binds nn, not torch: the set_device brings its own import
    import torch.nn as nn

    return nn.Linear(2, 2).cuda()


class Sampler:
    def draw(self):
        from torch import zeros
        import torch

        return zeros(1).cuda()


def one_line():
    import torch; x = torch.zeros(1).cuda()
    return x
