import torch
import torch_npu
import torch.nn as nn


class Wrapper(nn.Module):
    def __init__(self, inner):
        super().__init__()
        self.inner = inner
        self.is_cuda = next(inner.parameters()).is_npu

    def forward(self, x):
        if not x.is_npu:
            x = x.npu()
        return self.inner(x)


def check(t):
    assert t.is_npu, "expected a device tensor"
    return "gpu" if t.is_npu else "cpu"
