import torch
import torch_npu
import torch.npu as tc
from torch.npu import get_device_capability

# converted, with a WARNING: torch_npu's version returns None
if torch.npu.is_available() and torch.npu.get_device_capability()[0] >= 8:
    torch.backends.cuda.matmul.allow_tf32 = True
major, minor = tc.get_device_capability()
print(get_device_capability(0))
