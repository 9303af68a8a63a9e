"""A converted distributed script whose rank 1 fails while rank 0 waits for it in a collective."""
import torch
import torch_npu
import torch.distributed as dist

dist.init_process_group("hccl")
if dist.get_rank() == 1:
    raise RuntimeError("rank 1 fails")
total = torch.ones(1)
dist.all_reduce(total)
