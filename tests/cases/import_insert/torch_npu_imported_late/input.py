import torch

# ComfyUI's shape: the file's own torch_npu import comes in a try, below code that needs it.
if torch.cuda.is_available():
    torch.cuda.set_device(0)
try:
    import torch_npu  # noqa: F401
except ImportError:
    pass


def free():
    torch.cuda.empty_cache()
