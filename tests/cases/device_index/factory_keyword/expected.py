import torch
import torch_npu
import torch.nn as nn
import torch.distributed as dist


def gather_loss(loss_sum, count, local_rank, args):
    # an integer device given to a factory or a module: "that GPU" on CUDA
    totals = torch.tensor([loss_sum, count], device=f'npu:{local_rank}')
    mask = torch.zeros(4, dtype=torch.bool, device=f'npu:{args.gpu}')
    head = nn.Linear(8, 2, device=f'npu:{local_rank}')
    where = torch.device(f'npu:{local_rank}')
    first = torch.arange(4, device='npu:0')
    dist.all_reduce(totals)
    # left alone: a device variable, the index of a (type, index) pair, set_device's own integer
    other = torch.ones(2, device=args.device)
    pair = torch.device("npu", local_rank)
    torch.npu.set_device(local_rank)
    return totals, mask, head, where, first, other, pair
