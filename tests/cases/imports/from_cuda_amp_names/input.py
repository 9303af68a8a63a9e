import torch
from torch.cuda.amp import autocast, GradScaler

scaler = GradScaler(enabled=torch.cuda.is_available())


def forward(model, x):
    with autocast():
        return model(x)
