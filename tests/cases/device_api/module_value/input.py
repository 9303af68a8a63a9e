import torch

# the module itself as a value: what it is used for then is torch.npu's
backend = torch.cuda if torch.cuda.is_available() else torch.cpu
backend.synchronize()

# its memory and random submodules: their members are checked as torch.cuda's
used = torch.cuda.memory.memory_allocated()
torch.cuda.random.manual_seed(0)

# a name that torch re-exports counts as the listed one (torch.amp.autocast is
# torch.autocast): no row
with torch.amp.autocast(device_type="cuda"):
    pass
