import torch
import torch.cuda.amp

scaler = torch.cuda.amp.GradScaler()


def forward(model, x):
    with torch.cuda.amp.autocast(dtype=torch.float16):
        return model(x)
