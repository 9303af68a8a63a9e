import torch
import torch.distributed as dist

# a backend per device type, as FSDP2 scripts name them: each pair converts
dist.init_process_group(backend="cpu:gloo,cuda:nccl")
dist.new_group(backend="cuda:nccl")

# other strings with commas are one value: left as they are
columns = "name,cuda,time"
