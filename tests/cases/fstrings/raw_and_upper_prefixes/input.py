import torch


def devices(idx):
    a = rf"cuda"
    b = Rf'cuda:{idx}'
    c = fr"cuda:{idx}"
    d = F"cuda"
    return [torch.device(s) for s in (a, b, c, d)]
