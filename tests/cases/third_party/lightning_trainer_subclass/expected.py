import torch
import torch_npu
import pytorch_lightning as pl
from lightning.pytorch import Trainer


class GPUTrainer(pl.Trainer):  # picks the accelerator in its own __init__
    def __init__(self, *args, **kwargs):
        accelerator = "gpu" if torch.cuda.is_available() else "cpu"
        super().__init__(accelerator=accelerator, *args, **kwargs)


class OldStyle(Trainer):
    def __init__(self, **kwargs):
        super(OldStyle, self).__init__(gpus=1, **kwargs)


class Explicit(pl.Trainer):
    def __init__(self):
        pl.Trainer.__init__(self, accelerator="cuda", devices=1)


class Default(pl.Trainer):
    def __init__(self):
        super().__init__(max_epochs=3)


class Plain(pl.Trainer):
    pass


class Runner:
    def __init__(self, accelerator):
        self.device = torch.device(accelerator)


class CudaRunner(Runner):
    def __init__(self):
        super().__init__(accelerator="npu")


a = GPUTrainer(max_epochs=1)
b = Plain(accelerator="cuda", devices=1)
c = Plain(max_epochs=1)
d = Default()
