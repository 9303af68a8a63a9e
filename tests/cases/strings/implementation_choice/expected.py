# StyleGAN3's ops pick their implementation by name: 'cuda' is the CUDA
# kernels (which the NPU has not), 'ref' the torch code. The choice stays,
# in the op and in its callers (one in a file that imports no torch, or a
# YAML config, still says 'cuda'); the device test converts.
import torch
import torch_npu


def bias_act(x, b=None, act="linear", impl="cuda"):
    assert isinstance(x, torch.Tensor)
    assert impl in ["ref", "cuda"]
    if impl == "cuda" and x.device.type == "npu":
        return _bias_act_cuda(x, b, act)
    return _bias_act_ref(x, b, act)


class Layer(torch.nn.Module):
    def __init__(self, conv_impl="cuda"):
        super().__init__()
        self.conv_impl = conv_impl
        self.device = "npu"

    def forward(self, x):
        return bias_act(x, impl="cuda").to(self.device)


aug_kwargs = dict(impl="cuda", device="npu")
