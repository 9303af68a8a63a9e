import torch
import torch.nn as nn


class Batch:
    def __init__(self, x):
        self.x = x

    def cuda(self):
        self.x = self.x.cuda()
        return self

    @property
    def is_cuda(self):
        return self.x.is_cuda

    @is_cuda.setter
    def is_cuda(self, v):
        pass


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.extra = torch.zeros(2)

    def cuda(self, device=None):
        super().cuda(device)
        self.extra = self.extra.cuda(device)
        return self


class Done:
    def cuda(self):
        return self
    npu = cuda


b = Batch(torch.zeros(2)).cuda()
print(b.is_cuda)
