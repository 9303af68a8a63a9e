import os

import torch
import torch_npu
import torch.distributed as dist
import torch.multiprocessing as mp
from torch.nn.parallel import DistributedDataParallel as DDP


def worker(rank, world_size):
    os.environ.setdefault("MASTER_ADDR", "127.0.0.1")
    os.environ.setdefault("MASTER_PORT", "29500")
    dist.init_process_group("hccl", rank=rank, world_size=world_size)
    torch.npu.set_device(rank)
    model = DDP(torch.nn.Linear(8, 8).to(f'npu:{rank}'), device_ids=[rank])
    x = torch.randn(4, 8, device=f"npu:{rank}")
    model(x).sum().backward()
    torch.npu.synchronize()
    dist.destroy_process_group()


if __name__ == "__main__":
    os.environ["ASCEND_RT_VISIBLE_DEVICES"] = os.environ.get("GPUS", "0,1")
    n = torch.npu.device_count()
    mp.spawn(worker, args=(n,), nprocs=n, join=True)
