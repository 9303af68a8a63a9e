import torch
import torch_npu


def pick(rank, gpus_per_node):
    local = f"npu:{rank % gpus_per_node}"
    padded = f"npu:{rank:d}"
    shown = f"npu:{rank!s}"
    cur = f"npu:{torch.npu.current_device()}"
    mem = f"allocated {torch.npu.memory_allocated() / 1e9:.2f} GB"
    return local, padded, shown, cur, mem
