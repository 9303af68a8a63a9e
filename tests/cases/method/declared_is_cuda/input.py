import argparse
from types import SimpleNamespace

import torch

parser = argparse.ArgumentParser()
parser.add_argument("--is-cuda", action="store_true")
parser.add_argument("-g", "--gpu", dest="use_gpu", action="store_true")
args = parser.parse_args()
opts = SimpleNamespace(is_cuda=torch.cuda.is_available())

# attributes the file declares for its own objects stay
if args.is_cuda and opts.is_cuda:
    x = torch.zeros(2).cuda()
    # a tensor's is_cuda is still torch's
    print(x.is_cuda, torch.ones(1).is_cuda)


def check(t, args):
    # a tensor given to a function is still torch's; the parsed arguments are not
    return t.is_cuda, args.is_cuda
