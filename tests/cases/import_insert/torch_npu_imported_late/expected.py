import torch
import torch_npu

# ComfyUI's shape: the file's own torch_npu import comes in a try, below code that needs it.
if torch.npu.is_available():
    torch.npu.set_device(0)
try:
    import torch_npu  # noqa: F401
except ImportError:
    pass


def free():
    torch.npu.empty_cache()
