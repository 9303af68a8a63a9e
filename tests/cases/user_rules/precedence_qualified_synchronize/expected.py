import time

import torch
import torch_npu
import utils.device


def timed(fn, *args):
    utils.device.synchronize()
    start = time.time()
    out = fn(*args)
    utils.device.synchronize()
    return out, time.time() - start


def wait():
    from utils.device import synchronize

    synchronize()
    torch.npu.empty_cache()
