import torch

use_gpu = torch.cuda.is_available()
FloatTensor = torch.cuda.FloatTensor if use_gpu else torch.FloatTensor
LongTensor = torch.cuda.LongTensor if use_gpu else torch.LongTensor

TYPES = {
    "float": torch.cuda.FloatTensor,
    "double": torch.cuda.DoubleTensor,
    "half": torch.cuda.HalfTensor,
    "bf16": torch.cuda.BFloat16Tensor,
    "int": torch.cuda.IntTensor,
    "long": torch.cuda.LongTensor,
    "short": torch.cuda.ShortTensor,
    "char": torch.cuda.CharTensor,
    "byte": torch.cuda.ByteTensor,
    "bool": torch.cuda.BoolTensor,
}


def to_half(x):
    if isinstance(x, torch.cuda.FloatTensor):
        return x.type(torch.cuda.HalfTensor)
    return x


def make_targets(labels):
    return LongTensor(labels)
