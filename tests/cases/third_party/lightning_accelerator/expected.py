import torch
import torch_npu
import pytorch_lightning as pl
from pytorch_lightning import Trainer
from pytorch_lightning.accelerators import CUDAAccelerator
import lightning as L
from lightning.pytorch.cli import LightningCLI
from lightning.fabric import Fabric

trainer = Trainer(accelerator="gpu", devices=2, strategy="ddp", precision=16)
trainer2 = Trainer(accelerator="cuda", devices=[0, 1], precision="16-mixed")
trainer3 = pl.Trainer(gpus=1, precision=16)
trainer4 = L.Trainer(accelerator="auto", devices="auto")
fabric = L.Fabric(accelerator="cuda", devices=2, strategy="ddp")
fabric2 = Fabric(accelerator=("cuda" if torch.cuda.is_available() else "cpu"))
trainer5 = Trainer(accelerator="gpu" if torch.cuda.is_available() else "cpu")
trainer6 = Trainer(accelerator=CUDAAccelerator(), devices=1)
acc = "cuda" if torch.cuda.is_available() else "cpu"
trainer7 = L.Trainer(accelerator=acc)
cfg = {"accelerator": "cuda", "devices": 1}
trainer8 = L.Trainer(**cfg)
LightningCLI(None, trainer_defaults={"max_epochs": 90, "accelerator": "gpu", "devices": 1})
cpu_trainer = pl.Trainer(accelerator="cpu", gpus=0)
ddp = Trainer(strategy=pl.strategies.DDPStrategy(process_group_backend="hccl"))
x = torch.zeros(2, device="npu")


def main(accelerator: str = "auto", devices: int = 1):  # lit-llama's generate.py, run through jsonargparse.CLI
    return L.Fabric(accelerator=accelerator, devices=devices)


def finetune(accelerator="cuda"):
    return L.Fabric(accelerator=accelerator)
