import torch
import torch_npu


class Batch:
    def __init__(self, x):
        self.x = x

    def _to_gpu(self):
        return Batch(self.x.npu())

    cuda = _to_gpu
    npu = cuda

    def _on_gpu(self):
        return self.x.is_npu

    is_cuda = property(_on_gpu)
    is_npu = is_cuda


class Lazy:
    cuda = property(lambda self: lambda: self)
    npu = cuda


class Flags:
    # a flag, not a method: no alias
    cuda = True


b = Batch(torch.zeros(2))
if torch.npu.is_available():
    b = b.npu()
print(b.is_npu, Lazy().npu(), Flags.cuda)
