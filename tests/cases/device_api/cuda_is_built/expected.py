# torch.backends.cuda.is_built() is False in the torch build that torch_npu
# runs on: each use gets a WARNING. The module's other members are judged by
# the support lists as before (sdp_kernel is UNSUPPORTED), and a string method
# of torch.version.hip is str's, with no row.
import torch
import torch_npu
import torch.backends.cuda as tbc
from torch.backends.cuda import is_built

if torch.backends.cuda.is_built() and torch.npu.is_available():
    torch.backends.cuda.enable_flash_sdp(True)
    with torch.backends.cuda.sdp_kernel(enable_math=False):
        pass
HIP = torch.version.hip.split(".") if torch.version.hip else None
print(tbc.is_built(), is_built())
