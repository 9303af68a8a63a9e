import torch
import torch.nn as nn
from mylib import helper


def run(model, x):
    # none of the user rules names anything used here
    model = model.cuda()
    helper.get_dist_info()
    return model(x.to("cuda:0")), torch.cuda.device_count()
