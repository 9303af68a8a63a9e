import torch
import torch_npu


def load_checkpoint(path, args):
    # map_location given by position, by keyword, or not at all
    a = torch.load(path, "cpu")
    b = torch.load(path, map_location="cpu")
    c = torch.load(path)
    return a, b, c
