import torch
import torch_npu
from torch.nn import LayerNorm as FLN


class Encoder(torch.nn.Module):
    def __init__(self, dim, depth):
        super().__init__()
        self.layers = torch.nn.ModuleList(torch.nn.Linear(dim, dim) for _ in range(depth))
        self.norm = FLN(dim, eps=1e-6)

    def forward(self, x):
        for layer in self.layers:
            x = torch.relu(layer(x))
        return self.norm(x)
