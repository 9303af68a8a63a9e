# -*- coding: utf-8 -*-
import argparse
import torch

parser = argparse.ArgumentParser()
parser.add_argument("--gpu", type=int, default=0)
args = parser.parse_args()
torch.cuda.set_device(args.gpu)
print(torch.zeros(2).to(args.gpu))
