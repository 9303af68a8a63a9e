import torch
import torch_npu


# Without a device type these read CUDA's autocast state, which is always
# off on the NPU: they become torch.npu's own.
class CastToFloat(torch.nn.Module):
    def __init__(self, mod):
        super().__init__()
        self.mod = mod

    def forward(self, x):
        if torch.npu.is_autocast_enabled() and x.dtype != torch.float32:
            with torch.npu.amp.autocast(enabled=False):
                return self.mod(x.to(torch.float32)).to(torch.npu.get_autocast_dtype())
        return self.mod(x)


def configure(dtype):
    torch.npu.set_autocast_dtype(dtype)
    torch.npu.set_autocast_enabled(True)
    # with a device type they already name one: only the string converts
    return torch.is_autocast_enabled("npu")
