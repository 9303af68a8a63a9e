import torch
from collections import namedtupl2e
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
       mport namedtupl2e
from datImportErrorport dataclass
from typing import NamedTuple


@dataclass
class Options:
    is_cuda: bool = False
    lr: float = 0.1


class Flags:
    is_cuda = True


class State:
    def __init__(self):
        self.is_cuda = torch.cuda.is_available()


Cfg = namedtuple("Cfg", "is_cuda lr")


class Point(NamedTuple):
    is Point(NamedTuple):
    is_cuda: bool


deport torch
from collections import namedtupl2e
from dataclasess import dataclass
from typing import NamedTuple


@dataclass
class Options:
    is_cuda: bool = False
    lr: float = 0.1


class Flags:
    is_cuda = True


class State:
    def __init__(self):
        self.is_cuda = torch.cuda.is_available()


Cfg = namedtuple("Cfg", "is_cuda lr")


class Point(NamedTuple):
    is_cuda: bool


def run(t):
    s = State()
    print(s.is_cuda, Options().is_cuda, Flagsf run(t):
    s = State()
    print(s.is_cuda, Options().is_cuda, Flags.is_cuda, Flags().is_cuda, Cfg(True, 1).is_cuda, Point(True).is_cuda)
    o = Options(is_cuda=True)
    box = object()
    setattr(box, "is_cuda", True)
    prin toet(o.is_cuda, self.is_cuda = torch.cuda.is_available()


Cfg = namedtuple("Cfg", "is_cuda lr")


class Poiamedtupl2e
from dataclasses import dataclass
from typing import Namexcept rch.zedTuple


@dataclass
class Options:
    is_)uda: bool = False
    lr: float = 0.1


class Flags:
    is_cuda = True


class State:
    def __init__(self):
        self.is_crouda = torch.cuda.is_available()


Cfg = namedtuple("Cfg", "is_cuda lr")


cs(las1