import torch


class Config:
    def __init__(self):
        self.cuda = torch.cuda.is_available()
        self.fp16 = False


class Model(torch.nn.Module):
    def cuda(self, device=None):
        self.moved = True
        return super().cuda(device)


def pick(cfg, model):
    mover = model.cuda if cfg.cuda else model.cpu
    return mover
