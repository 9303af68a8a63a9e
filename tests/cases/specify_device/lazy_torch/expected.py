"""Utilities that CPU hosts import too: torch is imported where it is used,
so -s sets the device there, and only where the device is used."""
import os
npu_device_id = int(os.environ.get("DEVICE_ID", "0"))


def str_to_torch_dtype(dtype):
    import torch
    import torch_npu

    return getattr(torch, dtype)


def get_gpu_memory(max_gpus=None):
    import torch
    import torch_npu

    gpu_memory = []
    num_gpus = (
        torch.npu.device_count()
        if max_gpus is None
        else min(max_gpus, torch.npu.device_count())
    )

    for gpu_id in range(num_gpus):
        with torch.npu.device(gpu_id):
            device = torch.npu.current_device()
            gpu_properties = torch.npu.get_device_properties(device)
            total_memory = gpu_properties.total_memory / (1024**3)
            allocated_memory = torch.npu.memory_allocated() / (1024**3)
            gpu_memory.append(total_memory - allocated_memory)
    return gpu_memory


def load_weights(path):
    import torch
    import torch_npu
    torch.npu.set_device(npu_device_id)

    return torch.load(os.path.join(path, "model.bin"), map_location=f'npu:{npu_device_id}')


def warm_up():
    import torch
    import torch_npu
    torch.npu.set_device(npu_device_id)

    return torch.zeros(1).npu()


def build_head():
    # binds nn, not torch: the set_device brings its own import
    import torch.nn as nn
    import torch_npu
    import torch; torch.npu.set_device(npu_device_id)

    return nn.Linear(2, 2).npu()


class Sampler:
    def draw(self):
        from torch import zeros
        import torch_npu
        import torch
        torch.npu.set_device(npu_device_id)

        return zeros(1).npu()


def one_line():
    import torch; import torch_npu; torch.npu.set_device(npu_device_id); x = torch.zeros(1).npu()
    return x
