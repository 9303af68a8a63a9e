import torch
import torch_npu
import torch.distributed as dist

# a backend per device type, as FSDP2 scripts name them: each pair converts
dist.init_process_group(backend="cpu:gloo,npu:hccl")
dist.new_group(backend="npu:hccl")

# other strings with commas are one value: left as they are
columns = "name,cuda,time"
