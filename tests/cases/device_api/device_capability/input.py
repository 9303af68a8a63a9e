import torch
import torch.cuda as tc
from torch.cuda import get_device_capability

# converted, with a WARNING: torch_npu's version returns None
if torch.cuda.is_available() and torch.cuda.get_device_capability()[0] >= 8:
    torch.backends.cuda.matmul.allow_tf32 = True
major, minor = tc.get_device_capability()
print(get_device_capability(0))

# a WARNING on the fields of the NPU's properties that are no compute capability
if torch.cuda.get_device_properties(0).major >= 8:
    print("bf16")
props = tc.get_device_properties(torch.device("cuda"))
if props.major == 8 and props.minor == 0:  # denoising-diffusion-pytorch's A100 check
    print("A100", props.name)
print(torch.cuda.get_device_properties(0).total_memory)  # no WARNING
