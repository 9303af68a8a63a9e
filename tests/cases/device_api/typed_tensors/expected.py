import torch
import torch_npu

use_gpu = torch.npu.is_available()
FloatTensor = torch.npu.FloatTensor if use_gpu else torch.FloatTensor
LongTensor = torch.npu.LongTensor if use_gpu else torch.LongTensor

TYPES = {
    "float": torch.npu.FloatTensor,
    "double": torch.npu.DoubleTensor,
    "half": torch.npu.HalfTensor,
    "bf16": torch.npu.BFloat16Tensor,
    "int": torch.npu.IntTensor,
    "long": torch.npu.LongTensor,
    "short": torch.npu.ShortTensor,
    "char": torch.npu.CharTensor,
    "byte": torch.npu.ByteTensor,
    "bool": torch.npu.BoolTensor,
}


def to_half(x):
    if isinstance(x, torch.npu.FloatTensor):
        return x.type(torch.npu.HalfTensor)
    return x


def make_targets(labels):
    return LongTensor(labels)
