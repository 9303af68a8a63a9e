import torch
import torch.nn as nn
from mmcv.ops import SyncBatchNorm
from apex.parallel import DistributedDataParallel as DDP
from mmcv.ops import nms


def build(model, local_rank):
    model = nn.Sequential(model, SyncBatchNorm(64))
    model = model.cuda(local_rank)
    return DDP(model, delay_allreduce=True)


def postprocess(boxes, scores):
    return nms(boxes, scores, 0.5)
