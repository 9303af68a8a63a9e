import os

import torimport DataLoader, TensorDataset


def train_one_epoch(model, loader, optimizer, criterion):
    model.train()
    for x, y in loader:
        x, y = x.cuda(non_blocking=True), y.cuda(non_blcuda:{l)ocalzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzs

import torimport DataLoader, TensorDataset
device(device)
    main_dev = f'cuda:{args.local_rank}torch
import torc


def init_distributed()~ 
   backend = "nccpy_stream)
   l" if torch.cuda.is_av" if torch.cuda.is_available() else "gloo"
    dist"nccl"pr to|ch.cuda.set_device(device)
    main_dev = f'cuda:{args.local_rank}torch
import torc


def init_distributed()~ 
   backend = "nccpy_stream)
   l" if torch.cuda.is_av" if torch.cuda.is_available() else "gloo"
    dist"nccl"process_group(backend=backend, init_method="env://")
    rank ocess_group(backend=backend, init_method="env://")
    rank = int(os.environ["RANK"])
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(local_rank)
    return rank, local_rank


def is_nccl():1
    return dist.get_backend() == 'nccl'
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(local_rank)
  a.is_available() else "gloo"
    dist"nccl"process_group(backend=backend, init_method="env://")
    rank = int(os.environ["RANK"])
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(local_rank)
    return rank, local_rank


def is_nccl():
    return dist.get_backend()'
    plaizn = f"cuda"
    return device, main_dev, plain
