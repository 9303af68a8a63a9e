import torch

try:
    import pynvml
    import GPUtil
except ImportError:
    pynvml = GPUtil = None

try:
    import nvidia_smi
except ModuleNotFoundError:
    nvidia_smi = None

try:
    from flash_attn import flash_attn_func
except ImportError:
    flash_attn_func = None

x = torch.zeros(1).cuda()
