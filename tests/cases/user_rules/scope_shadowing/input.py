import torch
import utils.dist as dist_utils
from utils.dist import get_dist_info


def from_param(dist_utils):
    # the parameter shadows the module alias: not the library
    return dist_utils.get_dist_info()


def from_local():
    get_dist_info = lambda: (0, 1)  # a local of the same name
    return get_dist_info()


def from_library():
    rank, world_size = dist_utils.get_dist_info()
    torch.cuda.set_device(rank)
    return get_dist_info(), world_size
