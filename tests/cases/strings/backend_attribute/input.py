import dataclasses

import torch.distributed as dist


@dataclasses.dataclass
class DistributedOption:
    dist_backend: str = "nccl"

    def init(self):
        dist.init_process_group(backend=self.dist_backend)


class Other:
    def init(self):
        dist.init_process_group(backend=self.backend)


def distributed_init(cfg):
    dist.init_process_group(backend=cfg.distributed_training.distributed_backend)


def set_and_use(cfg):
    cfg.dist.backend = "nccl"
    dist.init_process_group(backend=cfg.dist.backend)
