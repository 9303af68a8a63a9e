import torch
import torch_npu
import torch.nn as nn


class Batch:
    def __init__(self, x):
        self.x = x

    def cuda(self):
        self.x = self.x.npu()
        return self
    npu = cuda

    @property
    def is_cuda(self):
        return self.x.is_npu

    @is_cuda.setter
    def is_cuda(self, v):
        pass
    is_npu = is_cuda


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.extra = torch.zeros(2)

    def cuda(self, device=None):
        super().npu(device)
        self.extra = self.extra.npu(device)
        return self
    npu = cuda


class Done:
    def cuda(self):
        return self
    npu = cuda


b = Batch(torch.zeros(2)).npu()
print(b.is_npu)
