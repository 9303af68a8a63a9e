import time

import torch
import utils.device


def timed(fn, *args):
    torch.cuda.synchronize()
    start = time.time()
    out = fn(*args)
    torch.cuda.synchronize()
    return out, time.time() - start


def wait():
    from torch.cuda import synchronize

    synchronize()
    torch.cuda.empty_cache()
