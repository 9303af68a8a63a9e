# -*- coding: utf-8 -*-
import argparse
import torch
import torch_npu

parser = argparse.ArgumentParser()
parser.add_argument("--gpu", type=int, default=0)
args = parser.parse_args()
torch.npu.set_device(args.gpu)
print(torch.zeros(2).to(f'npu:{args.gpu}'))
