import torch
import torch_npu
import torch.nn as nn
from torch.nn import SyncBatchNorm
from torch.nn.parallel import DistributedDataParallel as DDP
from torchvision.ops import nms


def build(model, local_rank):
    model = nn.Sequential(model, SyncBatchNorm(64))
    model = model.npu(local_rank)
    return DDP(model, delay_allreduce=True)


def postprocess(boxes, scores):
    return nms(boxes, scores, 0.5)
