import torch
from torch.cuda.amp import GradScaler, autocast

scaler = GradScaler()


def loss_fn(model, x, y):
    with autocast():
        logits = model(x)
        # softmax in fp32 for stability
        with autocast(enabled=False):
            logp = torch.log_softmax(logits.float(), dim=-1)
    return -logp.gather(1, y[:, None]).mean()
