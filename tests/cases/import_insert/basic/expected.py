import torch
import torch_npu
import torch.nn as nn


class MLP(nn.Module):
    def __init__(self, dim=32, hidden=64, classes=10):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(dim, hidden),
            nn.ReLU(),
            nn.Linear(hidden, classes),
        )

    def forward(self, x):
        return self.net(x)


if __name__ == "__main__":
    model = MLP()
    out = model(torch.randn(8, 32))
    print(out.shape)
