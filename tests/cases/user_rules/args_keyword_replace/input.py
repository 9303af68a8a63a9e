import os

import torch
from torch.utils.data import DataLoader as Loader
import torch.utils.data


def loaders(train_set, val_set, args):
    train = Loader(train_set, batch_size=args.batch_size, shuffle=True, pin_memory=True, num_workers=8)
    val = torch.utils.data.DataLoader(val_set, batch_size=256, num_workers=8)
    # no such keyword here: arg_keyword only matches a keyword argument
    test = Loader(val_set, 64, False, None, None, 8)
    return train, val, test


def load(path):
    return torch.load(path, map_location="cuda:0")
