import torch
import torch_npu
import torch.nn as nn


def channel_shuffle(x, groups):
    b, c, h, w = x.size()
    x = x.view(b, groups, c // groups, h, w)
    return torch.transpose(x, 1, 2).contiguous().view(b, c, h, w)


def channel_shuffle_v2(x, groups, dim):
    return x


class DropPath(nn.Module):
    def __init__(self, drop_prob):
        super().__init__()
        self.drop_prob = drop_prob

    def forward(self, x):
        if not self.training:
            return x
        keep = torch.rand(x.shape[0], 1, 1, 1, device=x.device) >= self.drop_prob
        return x * keep / (1 - self.drop_prob)


class Mish(nn.Module):
    def forward(self, x, inplace):
        return x * torch.tanh(nn.functional.softplus(x))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.act = nn.SiLU()
        self.drop = DropPath(0.1)

    def forward(self, x):
        return self.drop(self.act(torch.roll(x, 1, 0)))
