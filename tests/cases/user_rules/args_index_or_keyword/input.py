import torch


def load_checkpoint(path, args):
    # map_location given by position, by keyword, or not at all
    a = torch.load(path, "cuda:0")
    b = torch.load(path, map_location="cuda:{}".format(args.gpu))
    c = torch.load(path)
    return a, b, c
