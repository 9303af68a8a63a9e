import torch
import torch_npu
from torch.cuda import OutOfMemoryError

# Exception classes every torch build has: the code runs on the NPU (a WARNING says
# what the except clause catches there), no UNSUPPORTED row.
OOM_EXCEPTION = torch.cuda.OutOfMemoryError
try:
    torch.npu.empty_cache()
except torch.cuda.CudaError:
    pass

# A shim that patches torch.cuda (RVC's IPEX layer) calls nothing: writes get no rows, and a
# member the rules convert is written under its new name, where the converted code reads it.
torch.npu.get_device_capability = lambda *args, **kwargs: [11, 7]
torch.cuda._initialization_lock = None
torch.cuda.has_half = True
major = torch.npu.get_device_capability()[0]
print(torch.cuda.has_half)
