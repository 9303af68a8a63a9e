import torch
import torch_npu


def load(path, gpu):
    ckpt = torch.load(path, map_location="npu:0")
    remapped = torch.load(path, map_location={"cuda:0": "npu:1"})
    lazy = torch.load(path, map_location=lambda storage, loc: storage.npu(gpu))
    fmt = torch.load(path, map_location='npu:{}'.format(gpu))
    return ckpt, remapped, lazy, fmt
