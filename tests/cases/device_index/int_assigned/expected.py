import os

import torch
import torch_npu


def main():
    d = int(os.environ["LOCAL_RANK"])
    model = torch.nn.Linear(4, 4).to(f'npu:{d}')
    idx = 0
    buf = torch.zeros(4).to(f'npu:{idx}', non_blocking=True)
    return model, buf


def other(d):
    # d here is a parameter, not the int assigned in main()
    return torch.zeros(4).to(d)


DEV = 1
shared = torch.zeros(2).to(f'npu:{DEV}')
