import torch
import torch_npu


def train(model, scheduler, x):
    out = model(x.npu())
    scheduler.step()
    print(scheduler.get_last_lr())
    return out
