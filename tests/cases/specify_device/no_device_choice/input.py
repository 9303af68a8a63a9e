import torch


def norm(x):
    return x / x.norm(dim=-1, keepdim=True).clamp(min=1e-6)
