import torch
import torch.cuda.amp as amp

scaler = amp.GradScaler()


def step(model, optimizer, x, y, loss_fn):
    optimizer.zero_grad(set_to_none=True)
    with amp.autocast():
        loss = loss_fn(model(x), y)
    scaler.scale(loss).backward()
    scaler.step(optimizer)
    scaler.update()
    return loss.item()
