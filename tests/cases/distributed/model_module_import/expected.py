# `model` is the repository's package (EDSR's main.py): in the training
# branch it is still the module, so `model.Model` must not become
# `model.module.Model`; with no optimizer here to name the network, nothing
# is wrapped, and a WARNING asks for -t
import sys

import torch
import torch_npu

import model
from trainer import Trainer


def main():
    global model
    if len(sys.argv) > 1 and sys.argv[1] == "video":
        model = model.Model()
        print(model(torch.zeros(1, 4)))
    else:
        _model = model.Model().npu()
        t = Trainer(_model)
        t.train()


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
