import torch
from torch.nn.parallel import DistributedDataParallel


def wrap(net, opt):
    net = net.cuda()
    if opt["dist"]:
        # the current device follows set_device: it stays
        net = DistributedDataParallel(net, device_ids=[torch.cuda.current_device()])
    else:
        # replaced whole: no edit of its parts overlaps
        net = DistributedDataParallel(net, device_ids=[opt["gpu"] if "gpu" in opt else torch.cuda.current_device()])
    return net
