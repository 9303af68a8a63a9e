import torch
import torch_npu


class Config:
    def __init__(self):
        self.cuda = torch.npu.is_available()
        self.fp16 = False


class Model(torch.nn.Module):
    def cuda(self, device=None):
        self.moved = True
        return super().npu(device)
    npu = cuda


def pick(cfg, model):
    mover = model.cuda if cfg.cuda else model.cpu
    return mover
