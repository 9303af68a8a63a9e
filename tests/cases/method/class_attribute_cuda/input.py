import torch


class Batch:
    def __init__(self, x):
        self.x = x

    def _to_gpu(self):
        return Batch(self.x.cuda())

    cuda = _to_gpu

    def _on_gpu(self):
        return self.x.is_cuda

    is_cuda = property(_on_gpu)


class Lazy:
    cuda = property(lambda self: lambda: self)


class Flags:
    # a flag, not a method: no alias
    cuda = True


b = Batch(torch.zeros(2))
if torch.cuda.is_available():
    b = b.cuda()
print(b.is_cuda, Lazy().cuda(), Flags.cuda)
