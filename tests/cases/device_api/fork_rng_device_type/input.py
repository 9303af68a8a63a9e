import torch
from torch.random import fork_rng
with torch.random.fork_rng(devices=[0]):
    pass
with fork_rng():
    pass
with fork_rng(
    devices=[0],  # first
):
    pass
with torch.random.fork_rng(device_type="cuda"):
    pass
with torch.random.fork_rng([0], True, "x", "devices", "cuda"):
    pass
with torch.random.fork_rng(**kw):
    pass
