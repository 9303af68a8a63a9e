import os

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP


def main():
    dist.init_process_group(backend="nccl")
    gpu_id = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(gpu_id)
    model = DDP(torch.nn.Linear(4, 1).to(gpu_id), device_ids=[gpu_id])
    if dist.get_rank() == 0:
        torch.save(model.module.state_dict(), "init.pt")


if __name__ == "__main__":
    main()
