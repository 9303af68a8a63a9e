import os

import torch
import torch_npu
from torch.utils.cpp_extension import load

# Extension modules loaded on first use, into module variables that functions
# set (global): calls through them are calls into the extension.
_plugin = None
_upfirdn = None


def _init():
    global _plugin
    if _plugin is None:
        _plugin = load(name="bias_act_plugin", sources=["bias_act.cpp", "bias_act.cu"])
    return True


# a plugin getter: what its calls give is the module load() builds
def _get_plugin(name):
    return load(name=name, sources=[os.path.join("csrc", name + ".cpp"), os.path.join("csrc", name + ".cu")])


def _init_upfirdn():
    global _upfirdn
    if _upfirdn is None:
        _upfirdn = _get_plugin("upfirdn2d")


def bias_act(x, b):
    _init()
    return _plugin.bias_act(x, b)


def upfirdn2d(x, f):
    _init_upfirdn()
    return _upfirdn.upfirdn2d(x, f)


# a local of the same name is another variable
def local(x):
    _plugin = torch.nn.Identity()
    return _plugin.forward(x)
