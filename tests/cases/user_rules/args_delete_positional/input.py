import torch
from utils.misc import log_rank
from utils.dist import init_dist


def setup(args):
    # the only argument
    init_dist("nccl")
    # the last argument (with a trailing comma, and a nested call before it)
    log_rank(args.rank, "ready", torch.cuda.current_device())
    log_rank(args.rank, "ready", args.local_rank,)
    # a shorter call: no argument 2, nothing deleted
    log_rank(args.rank, "done")
