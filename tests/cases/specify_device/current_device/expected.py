import torch
import torch_npu
from torch.nn.parallel import DistributedDataParallel
import os
npu_device_id = int(os.environ.get("DEVICE_ID", "0"))
torch.npu.set_device(npu_device_id)


def wrap(net, opt):
    net = net.npu()
    if opt["dist"]:
        # the current device follows set_device: it stays
        net = DistributedDataParallel(net, device_ids=[torch.npu.current_device()])
    else:
        # replaced whole: no edit of its parts overlaps
        net = DistributedDataParallel(net, device_ids=[npu_device_id])
    return net
