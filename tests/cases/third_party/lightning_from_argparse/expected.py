import argparse

import pytorch_lightning as pl
from pytorch_lightning import Trainer

parser = argparse.ArgumentParser()
parser = Trainer.add_argparse_args(parser)
args = parser.parse_args()
trainer = Trainer.from_argparse_args(args)
gpu_trainer = pl.Trainer.from_argparse_args(args, gpus=1)
cpu_trainer = pl.Trainer.from_argparse_args(args, accelerator="cpu")
