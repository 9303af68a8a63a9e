import torch
import apex.parallel as ap
from utils.dist import get_dist_info
from utils.dist import all_reduce_mean as reduce_mean


def setup(model):
    model = ap.convert_syncbn_model(model)
    rank, world = get_dist_info()
    return model.cuda(rank), world


def log_loss(loss):
    reduce_mean(loss)
    print(loss.item())
