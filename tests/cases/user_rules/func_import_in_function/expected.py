import os

import torch
import torch_npu


def init_distributed(launcher="pytorch"):
    from mmcv.runner import init_npu_dist as init_dist

    init_dist(launcher, backend="hccl")


def world_info():
    import mmcv.runner as runner

    return runner.get_npu_dist_info()


class Trainer:
    def setup(self):
        from mmcv.runner import get_npu_dist_info as dist_info

        self.rank, self.world_size = dist_info()
        torch.npu.set_device(self.rank % torch.npu.device_count())


def get_dist_info():
    """A local function of the same name: not the library's."""
    return int(os.environ.get("RANK", 0)), 1


print(get_dist_info())
