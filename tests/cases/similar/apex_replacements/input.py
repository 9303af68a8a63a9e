import torch
from apex.optimizers import FusedAdam, FusedSGD
from apex.parallel import DistributedDataParallel as ApexDDP
import apex


def build(model, args):
    model = ApexDDP(model)
    wrapped = apex.parallel.DistributedDataParallel(model, delay_allreduce=True)
    sgd = FusedSGD(model.parameters(), lr=args.lr, momentum=0.9, nesterov=True)
    adamw = FusedAdam(model.parameters(), lr=1e-3, weight_decay=0.01)
    adam = FusedAdam(model.parameters(), lr=1e-3)
    plain = FusedAdam(model.parameters(), lr=1e-3, weight_decay=0.0, adam_w_mode=False)
    return model, wrapped, sgd, adamw, adam, plain
