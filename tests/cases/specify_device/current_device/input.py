import torch
import torch.distributed as dist


def sync(opt):
    if opt["dist"]:
        # the current device follows set_device: it stays
        dist.barrier(device_ids=[torch.cuda.current_device()])
    else:
        # replaced whole: no edit of its parts overlaps
        dist.barrier(device_ids=[opt["gpu"] if "gpu" in opt else torch.cuda.current_device()])


def load(path):
    # a local whose one value is current_device() follows set_device too (pysot's model_load.py)
    device = torch.cuda.current_device()
    return torch.load(path, map_location=lambda storage, loc: storage.cuda(device))
