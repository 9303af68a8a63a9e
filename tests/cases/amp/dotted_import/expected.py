import torch
import torch_npu
import torch.npu.amp

scaler = torch.npu.amp.GradScaler()


def forward(model, x):
    with torch.npu.amp.autocast(dtype=torch.float16):
        return model(x)
