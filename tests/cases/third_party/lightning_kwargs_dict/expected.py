import argparse

from pytorch_lightning import Trainer

parser = Trainer.add_argparse_args(argparse.ArgumentParser())
opt = parser.parse_args()
kw = dict(logger=None)
trainer = Trainer.from_argparse_args(opt, **kw)
spelled = {"max_epochs": 3}
fit = Trainer(**spelled)
gpu_kw = dict(gpus=1)
on_gpu = Trainer(**gpu_kw)
grown = {"max_epochs": 3}
grown["accelerator"] = "cpu"
later = Trainer(**grown)
unknown = Trainer(**vars(opt))
