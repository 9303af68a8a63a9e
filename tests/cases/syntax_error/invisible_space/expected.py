# A zero width space (U+200B) in a comment ​ and in strings is fine;
# in code Python rejects the file, and the grammar reads it as a space.
import torch
import torch_npu

label = "model​name"
device = torch.device("npu")


def train(model):﻿
    model.cuda()
    return model


torch.cuda.synchronize()
