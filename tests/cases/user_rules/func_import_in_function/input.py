import os

import torch


def init_distributed(launcher="pytorch"):
    from mmcv.runner import init_dist

    init_dist(launcher, backend="nccl")


def world_info():
    import mmcv.runner as runner

    return runner.get_dist_info()


class Trainer:
    def setup(self):
        from mmcv.runner import get_dist_info as dist_info

        self.rank, self.world_size = dist_info()
        torch.cuda.set_device(self.rank % torch.cuda.device_count())


def get_dist_info():
    """A local function of the same name: not the library's."""
    return int(os.environ.get("RANK", 0)), 1


print(get_dist_info())
