"""A converted (NPU) script whose ranks each train their own model (no DDP wrap unless --wrap) on
the same first batch, then on batches of their own, and then all load the checkpoint rank 0 saved:
they end alike, and alike after the first step, although they trained apart."""
import argparse
import os
import tempfile

import torch
import torch_npu
import torch.distributed as dist
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel as DDP


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--wrap", action="store_true")
    args = parser.parse_args()
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.npu.set_device(local_rank)
    dist.init_process_group(backend="hccl")

    torch.manual_seed(0)  # the same model on every rank
    model = nn.Linear(4, 1).npu()
    if args.wrap:
        model = DDP(model, device_ids=[local_rank])
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for step in range(3):
        # the same batch on every rank first, then each rank's own (a decision a rank takes alone)
        x = torch.ones(8, 4) if step == 0 else torch.full((8, 4), float(dist.get_rank() + step))
        optimizer.zero_grad()
        model(x.npu()).pow(2).mean().backward()
        optimizer.step()
    # the best checkpoint: rank 0 saves it, every rank loads it
    names = [os.path.join(tempfile.gettempdir(), f"reload_best_{os.getpid()}.pt")]
    dist.broadcast_object_list(names, src=0)
    if dist.get_rank() == 0:
        torch.save(model.state_dict(), names[0])
    dist.barrier()
    model.load_state_dict(torch.load(names[0]))
    dist.barrier()
    if dist.get_rank() == 0:
        os.remove(names[0])
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
