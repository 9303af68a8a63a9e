import torch
import torch.cuda as tc
from torch.cuda import get_device_capability

# converted, with a WARNING: torch_npu's version returns None
if torch.cuda.is_available() and torch.cuda.get_device_capability()[0] >= 8:
    torch.backends.cuda.matmul.allow_tf32 = True
major, minor = tc.get_device_capability()
print(get_device_capability(0))
