import argparse

import torch
import torch_npu


def to_cuda(batch):
    return [b.npu() for b in batch]


class Flags:
    def __init__(self):
        self.cuda = False
        self.is_cuda = False
        self.use_cuda = True


class LazyModule(torch.nn.Module):
    def cudaify(self):
        return self


parser = argparse.ArgumentParser()
parser.add_argument("--no-cuda", action="store_true")
args = parser.parse_args()
args.cuda = not args.no_cuda and torch.npu.is_available()
use_cuda = args.cuda
batch = to_cuda([torch.zeros(1)])
model = LazyModule()
move = model.cuda
model.cudaify()
model.to_cuda_later = True
