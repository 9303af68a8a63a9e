import torch
import torch_npu
import apex.parallel as ap
from utils.dist import get_npu_dist_info as get_dist_info
from utils.dist import hccl_all_reduce_mean as reduce_mean


def setup(model):
    model = ap.convert_syncbn_model_npu(model)
    rank, world = get_dist_info()
    return model.npu(rank), world


def log_loss(loss):
    reduce_mean(loss)
    print(loss.item())
