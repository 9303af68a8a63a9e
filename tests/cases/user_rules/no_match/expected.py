import torch
import torch_npu
import torch.nn as nn
from mylib import helper


def run(model, x):
    # none of the user rules names anything used here
    model = model.npu()
    helper.get_dist_info()
    return model(x.to("npu:0")), torch.npu.device_count()
