import torch


def load(path, gpu):
    ckpt = torch.load(path, map_location="cuda:0")
    remapped = torch.load(path, map_location={"cuda:0": "cuda:1"})
    lazy = torch.load(path, map_location=lambda storage, loc: storage.cuda(gpu))
    fmt = torch.load(path, map_location='cuda:{}'.format(gpu))
    return ckpt, remapped, lazy, fmt
