import torch
from torch.cuda import amp


def make_scaler(args):
    return amp.GradScaler(enabled=args.amp)


def run(model, x, args):
    with amp.autocast(enabled=args.amp):
        return model(x)
