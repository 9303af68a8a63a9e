import os

from torch.utils.cpp_extension import load
import torch_npu

# A module bound both by an import and by a load(): its calls are calls into
# the extension whichever binding runs.
try:
    from . import fused_act_ext
except ImportError:
    fused_act_ext = load('fused', sources=['fused_bias_act.cpp', 'fused_bias_act_kernel.cu'])

if os.getenv('BASICSR_JIT') == 'True':
    upfirdn2d_ext = load('upfirdn2d', sources=['upfirdn2d.cpp', 'upfirdn2d_kernel.cu'])
else:
    from . import upfirdn2d_ext


def f(x, b, k):
    y = fused_act_ext.fused_bias_act(x, b, x.new_empty(0), 3, 0, 0.2, 1.0)
    return upfirdn2d_ext.upfirdn2d(y, k, 1, 1, 1, 1, 0, 0, 0, 0)
