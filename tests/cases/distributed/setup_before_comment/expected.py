# makemore: the setup goes above the comment lines of the main block's first
# statement, so that they stay with the statement they describe
import torch
import torch_npu
import argparse

if __name__ == "__main__":

    import os

    # Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
    # Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
    npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
    npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
    npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
    torch.npu.set_device(npu_local_rank)
    torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)

    # parse command line args
    # (two lines)
    parser = argparse.ArgumentParser()
    model = torch.nn.Linear(2, 2).npu()
    model = torch.nn.parallel.DistributedDataParallel(model.npu(), device_ids=[npu_local_rank])
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for i in range(2):
        model(torch.randn(2, 2).npu()).sum().backward()
        opt.step()
