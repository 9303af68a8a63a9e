import torch
import torch_npu
import utils.dist as dist_utils
from utils.misc import set_seed


def setup(args):
    # the first argument
    set_seed(args.seed)
    # a middle argument
    dist_utils.reduce_tensor(torch.ones(1).npu(), "mean")
