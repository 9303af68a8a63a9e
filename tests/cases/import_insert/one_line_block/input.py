import os

# the import is the body of a one-line block: torch_npu goes on the same line,
# where a line of its own would end the block before the else
if os.environ.get("USE_TORCH"): import torch
else: torch = None


def probe():
    try: import torch.cuda as tc
    except ImportError: return None
    return tc.is_available()
