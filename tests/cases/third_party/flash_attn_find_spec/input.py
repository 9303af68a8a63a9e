import importlib.util

import torch

# The import runs only where the package is found: on the NPU it is not,
# so the import is no error there (a WARNING, not UNSUPPORTED).
HAS_FLASH = importlib.util.find_spec("flash_attn") is not None
if HAS_FLASH:
    from flash_attn import flash_attn_func


def attention(q, k, v):
    if HAS_FLASH and q.is_cuda:
        return flash_attn_func(q, k, v)
    return torch.nn.functional.scaled_dot_product_attention(q, k, v)
