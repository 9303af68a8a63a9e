import torch
import torch_npu
import torch.nn as nn
from torch.nn import DataParallel


def build(arch):
    net = nn.Linear(4, 4)
    head = nn.Linear(4, 2)
    return nn.Sequential(net, head)


def main():
    model = build("linear")
    if torch.npu.device_count() > 1:
        # one process per card now
        pass
    elif torch.npu.is_available():
        model = model.npu()
    model.train()
    model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])


if __name__ == "__main__":
    import os

    # Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
    # Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
    npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
    npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
    npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
    torch.npu.set_device(npu_local_rank)
    torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)
    main()
