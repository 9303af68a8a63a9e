import torch
import torch_npu
from torch.npu.amp import autocast, GradScaler

scaler = GradScaler(enabled=torch.npu.is_available())


def forward(model, x):
    with autocast():
        return model(x)
