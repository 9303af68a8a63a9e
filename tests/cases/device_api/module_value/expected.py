import torch
import torch_npu

# the module itself as a value: what it is used for then is torch.npu's
backend = torch.npu if torch.npu.is_available() else torch.cpu
backend.synchronize()

# its memory and random submodules: their members are checked as torch.cuda's
used = torch.npu.memory.memory_allocated()
torch.npu.random.manual_seed(0)

# a name that torch re-exports counts as the listed one (torch.amp.autocast is
# torch.autocast): no row
with torch.amp.autocast(device_type="npu"):
    pass
