import torch
import torch_npu
import torch.nn as nn
from torch.nn import LayerNorm as FusedLayerNorm


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = FusedLayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        return x + self.mlp(self.norm(x))


block = Block(64).npu()
