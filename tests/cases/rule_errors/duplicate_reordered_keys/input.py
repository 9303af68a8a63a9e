import torch


def train(model, scheduler, x):
    out = model(x.cuda())
    scheduler.step()
    print(scheduler.get_lr())
    return out
