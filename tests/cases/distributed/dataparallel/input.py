import torch
import torch.nn as nn
from torch.nn import DataParallel


def build(arch):
    net = nn.Linear(4, 4)
    net = DataParallel(net, device_ids=[0, 1])  # several GPUs
    head = nn.Linear(4, 2)
    head = nn.DataParallel(head)
    return nn.Sequential(net, head)


def main():
    model = build("linear")
    if torch.cuda.device_count() > 1:
        # one process per card now
        model = torch.nn.DataParallel(model)
    elif torch.cuda.is_available():
        model = nn.DataParallel(model).cuda()
    model = nn.parallel.DataParallel(model,
                                     device_ids=None)
    model.train()


if __name__ == "__main__":
    main()
