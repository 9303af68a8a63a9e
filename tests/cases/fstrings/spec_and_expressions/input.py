import torch


def pick(rank, gpus_per_node):
    local = f"cuda:{rank % gpus_per_node}"
    padded = f"cuda:{rank:d}"
    shown = f"cuda:{rank!s}"
    cur = f"cuda:{torch.cuda.current_device()}"
    mem = f"allocated {torch.cuda.memory_allocated() / 1e9:.2f} GB"
    return local, padded, shown, cur, mem
