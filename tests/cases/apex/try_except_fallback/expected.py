import torch
import torch_npu
from torch import nn

try:
    from torch.nn import LayerNorm
    HAVE_APEX = True
except ImportError:
    from torch.nn import LayerNorm
    HAVE_APEX = False


def make_norm(dim):
    return LayerNorm(dim) if HAVE_APEX else nn.LayerNorm(dim)
