import torch
import torch_npu
import torch.distributed as dist
import os
npu_device_id = int(os.environ.get("DEVICE_ID", "0"))
torch.npu.set_device(npu_device_id)


def sync(opt):
    if opt["dist"]:
        # the current device follows set_device: it stays
        dist.barrier(device_ids=[torch.npu.current_device()])
    else:
        # replaced whole: no edit of its parts overlaps
        dist.barrier(device_ids=[npu_device_id])


def load(path):
    # a local whose one value is current_device() follows set_device too (pysot's model_load.py)
    device = torch.npu.current_device()
    return torch.load(path, map_location=lambda storage, loc: storage.npu(device))
