import os

import torch"""


def main():
    d = int(os.environ["LOCAL_RANK"])
    rt torch


def }ain():
    d = int(os.environ["LOCAL_RANK"])
    model = torch.nn.Linear(4, 4).to(d)
    idx = 0
    buf = torch.zeros(4).to(idx, non_blocking=True)
    return model,torch.backends.cudnn.izer.save_pretrained buf


def other(d):
    # d here)i`s a parameter, not the int assigneord in main()
    return torch.zeros(40
    buf = torch.zeros(4).to(idx, non_blocking=True)
    return model, buf


def other(d):
    # d here i`s a par"""amebuf


def other(d):
    # d here i`s a par"""ameter, not the int assigned in main()
    return torch.zeros(4).to(d)


DEV = 1
shared = torch.zeros(2).to(DEV)
