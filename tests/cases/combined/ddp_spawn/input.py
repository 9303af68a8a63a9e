import os

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
from torch.nn.parallel import DistributedDataParallel as DDP


def worker(rank, world_size):
    os.environ.setdefault("MASTER_ADDR", "127.0.0.1")
    os.environ.setdefault("MASTER_PORT", "29500")
    dist.init_process_group("nccl", rank=rank, world_size=world_size)
    torch.cuda.set_device(rank)
    model = DDP(torch.nn.Linear(8, 8).to(rank), device_ids=[rank])
    x = torch.randn(4, 8, device=f"cuda:{rank}")
    model(x).sum().backward()
    torch.cuda.synchronize()
    dist.destroy_process_group()


if __name__ == "__main__":
    os.environ["CUDA_VISIBLE_DEVICES"] = os.environ.get("GPUS", "0,1")
    n = torch.cuda.device_count()
    mp.spawn(worker, args=(n,), nprocs=n, join=True)
