import torch
import torch.nn as nn


class Wrapper(nn.Module):
    def __init__(self, inner):
        super().__init__()
        self.inner = inner
        self.is_cuda = next(inner.parameters()).is_cuda

    def forward(self, x):
        if not x.is_cuda:
            x = x.cuda()
        return self.inner(x)


def check(t):
    assert t.is_cuda, "expected a device tensor"
    return "gpu" if t.is_cuda else "cpu"
