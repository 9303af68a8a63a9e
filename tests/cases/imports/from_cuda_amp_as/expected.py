import torch
import torch_npu
from torch.npu.amp import autocast as ac


@torch.no_grad()
def predict(model, x, fp16=True):
    with ac(enabled=fp16):
        return model(x).float().softmax(-1)
