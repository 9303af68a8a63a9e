import torch


class Config:
    def __init__(self, use_gpu):
        # a user flag that happens to share the tensor attribute's name
        self.is_cuda = use_gpu and torch.cuda.is_available()

    def describe(self, t):
        where = "gpu" if self.is_cuda else "cpu"
        return where, t.is_cuda
