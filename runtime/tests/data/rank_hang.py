"""A converted distributed script whose rank 1 joins one collective more than rank 0 (a step
count that differs per rank): rank 0 finishes while rank 1 waits for it forever."""
import torch
import torch_npu
import torch.distributed as dist

dist.init_process_group("hccl")
for step in range(2 + dist.get_rank()):
    total = torch.ones(1)
    dist.all_reduce(total)
