# StyleGAN's conv2d_gradfix in brief: a device test in a file that calls a cuDNN
# operator by its name stays "cuda", with a WARNING: the NPU has no such
# operator, and the test sends it to the fallback.
import torch
from torch.nn import functional as F


def could_use_op(input):
    if not torch.backends.cudnn.enabled:
        return False
    if input.device.type != "cuda":
        return False
    return True


class GradWeight(torch.autograd.Function):
    @staticmethod
    def forward(ctx, grad_output, input):
        op = torch._C._jit_get_operation("aten::cudnn_convolution_backward_weight")
        return op((1, 1, 3, 3), grad_output, input, (1, 1), (1, 1), (1, 1), 1, False, False, False)

    @staticmethod
    def backward(ctx, g):
        return None, None


def conv2d(x, w):
    out = F.conv2d(x, w, padding=1)
    if could_use_op(x):
        # the original takes this branch on CUDA only
        return out + 0 * GradWeight.apply(out, x).sum()
    return out
