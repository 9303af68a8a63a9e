# `model` is the repository's package (EDSR's main.py): in the training
# branch it is still the module, so `model.Model` must not become
# `model.module.Model`; with no optimizer here to name the network, nothing
# is wrapped, and a WARNING asks for -t
import sys

import torch

import model
from trainer import Trainer


def main():
    global model
    if len(sys.argv) > 1 and sys.argv[1] == "video":
        model = model.Model()
        print(model(torch.zeros(1, 4)))
    else:
        _model = model.Model().cuda()
        t = Trainer(_model)
        t.train()


if __name__ == "__main__":
    main()
