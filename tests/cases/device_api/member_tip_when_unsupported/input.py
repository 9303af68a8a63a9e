import torch

# On 2.1.0 torch_npu has no get_device_capability: the call stays, UNSUPPORTED,
# with no warning about the torch.npu call it did not become.
major, minor = torch.cuda.get_device_capability()
use_bf16 = major >= 8
