import torch
import torch.nn as nn


class MaskedLinear(nn.Linear):
    pass


# pytorch-flows binds its own layer into torch.nn: the calls of it are the file's own.
nn.MaskedLinear = MaskedLinear
layer = nn.MaskedLinear(4, 4)
weight = nn.MaskedLinear.weight
y = torch.special.logit(torch.zeros(2))
