import torch
import torch_npu
from collections import namedtuple
from dataclasses import dataclass
from typing import NamedTuple


@dataclass
class Options:
    is_cuda: bool = False
    lr: float = 0.1


class Flags:
    is_cuda = True


class State:
    def __init__(self):
        self.is_cuda = torch.npu.is_available()


Cfg = namedtuple("Cfg", "is_cuda lr")


class Point(NamedTuple):
    is_cuda: bool


def run(t):
    s = State()
    print(s.is_cuda, Options().is_cuda, Flags.is_cuda, Flags().is_cuda, Cfg(True, 1).is_cuda, Point(True).is_cuda)
    o = Options(is_cuda=True)
    box = object()
    setattr(box, "is_cuda", True)
    print(o.is_cuda, box.is_cuda)
    # a tensor's is_cuda is still torch's
    return t.is_npu, torch.zeros(1).is_npu
