import torch
import torch_npu
from torch.utils.cpp_extension import load

_ext = load("knn_ext", sources=["knn.cpp", "knn_kernel.cu"])


class KNNFunction(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        return _ext.knn_forward(x, k)


# A device test whose branch calls into the CUDA extension stays: on the NPU
# it is False, and the pure-torch fallback runs until the extension has an
# NPU kernel. The implementation choice ("cuda", the kernels) stays too.
def knn(x, k, impl="cuda"):
    if impl == "cuda" and x.device.type == "cuda":
        return _ext.knn(x, k)
    return torch.cdist(x, x).topk(k, largest=False).indices


# through the file's own autograd function
def knn_autograd(x, k):
    if x.is_cuda:
        return KNNFunction.apply(x, k)
    return torch.cdist(x, x).topk(k, largest=False).indices


# no fallback: the other branch raises
def knn_strict(x, k):
    if x.is_cuda:
        return _ext.knn(x, k)
    else:
        raise NotImplementedError("knn needs a GPU")



# negated (AlphaPose's deform_conv): the else branch, or the code after a
# raise, is the CUDA one
def knn_negated(x, k):
    if not x.is_cuda:
        raise NotImplementedError("knn needs a GPU")
    else:
        return _ext.knn(x, k)


def knn_negated_early(x, k):
    if not x.is_cuda:
        raise NotImplementedError("knn needs a GPU")
    out = _ext.knn(x, k)
    return out


def knn_negated_expr(x, k):
    return torch.cdist(x, x).topk(k).indices if not x.is_cuda else _ext.knn(x, k)


def knn_not_equal(x, k):
    if x.device.type != "cuda":
        raise NotImplementedError("knn needs a GPU")
    return _ext.knn(x, k)

def knn_expr(x, k):
    return _ext.knn(x, k) if str(x.device) in ("cuda", "cuda:0") else torch.cdist(x, x).topk(k).indices


def knn_available(x, k):
    if torch.cuda.is_available():
        return _ext.knn(x, k)
    return torch.cdist(x, x).topk(k).indices


# Tests that guard no extension code, or whose branch picks the device, convert.
def to_device(x):
    if x.device.type == "npu":
        torch.npu.synchronize()
    if torch.npu.is_available():
        x = x.npu()
        return _ext.knn(x, 1)
    return x.is_npu
