import torch
import mylib
from mylib import get_lr


def train(model, optimizer, scheduler, loader):
    for epoch in range(3):
        for images, target in loader:
            loss = model(images.cuda()).sum()
            loss.backward()
            optimizer.step()
        scheduler.step()
        print("epoch", epoch, "lr", scheduler.get_lr()[0])
        print("groups", [g["lr"] for g in optimizer.param_groups], self_lr(scheduler))
    # module functions of the same name are not methods: left alone
    print(mylib.get_lr(), get_lr())


def self_lr(sched):
    return sched.schedulers[0].get_lr()
