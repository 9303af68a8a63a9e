import argparse

import torch
import torch_npu

parser = argparse.ArgumentParser()
parser.add_argument("--gpu", type=int, default=0)
args = parser.parse_args()

dev = torch.device("npu:%d" % args.gpu)
loc = 'npu:%s' % args.gpu
print("running on cuda:%d" % args.gpu)
state = torch.load("model.pt", map_location=loc)
other = torch.device("npu:%i" % args.gpu)
