import torch
import torch_npu
from apex import amp
from apex.parallel import DistributedDataParallel as ApexDDP


def setup(model, optimizer, args):
    model = model.npu()
    model, optimizer = amp.initialize(model, optimizer, opt_level="O1")
    if args.distributed:
        model = ApexDDP(model, delay_allreduce=True)
    return model, optimizer


def backward(loss, optimizer):
    with amp.scale_loss(loss, optimizer) as scaled:
        scaled.backward()
    return torch.zeros(1)
