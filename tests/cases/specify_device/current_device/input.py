import torch
import torch.distributed as dist


def sync(opt):
    if opt["dist"]:
        # the current device follows set_device: it stays
        dist.barrier(device_ids=[torch.cuda.current_device()])
    else:
        # replaced whole: no edit of its parts overlaps
        dist.barrier(device_ids=[opt["gpu"] if "gpu" in opt else torch.cuda.current_device()])
