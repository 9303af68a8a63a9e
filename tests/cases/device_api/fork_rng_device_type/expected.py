import torch
import torch_npu
from torch.random import fork_rng
with torch.random.fork_rng(devices=[0], device_type="npu"):
    pass
with fork_rng(device_type="npu"):
    pass
with fork_rng(
    devices=[0], device_type="npu",  # first
):
    pass
with torch.random.fork_rng(device_type="npu"):
    pass
with torch.random.fork_rng([0], True, "x", "devices", "npu"):
    pass
with torch.random.fork_rng(**kw):
    pass
