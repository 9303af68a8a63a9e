import torch
import torch.nn.functional as F


def train_step(model, optimizer, scaler, images, targets, use_amp=True):
    optimizer.zero_grad(set_to_none=True)
    with torch.cuda.amp.autocast(enabled=use_amp):
        logits = model(images)
        loss = F.cross_entropy(logits, targets)
    scaler.scale(loss).backward()
    scaler.unscale_(optimizer)
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    scaler.step(optimizer)
    scaler.update()
    return loss.detach()


def make_scaler(enabled):
    return torch.cuda.amp.GradScaler(enabled=enabled, init_scale=2.0**14)
