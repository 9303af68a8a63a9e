import torch


def log(rank, prefix, name):
    print(f"using cuda:{rank}")
    print(f"cuda:{rank} ready")
    print(f"{prefix}cuda")
    print(f"CUDA:{rank}")
    print(f"cuda-{rank}")
    print(f"cuda{rank}")
    print(f"{name}: cuda")
    return torch.zeros(1)
