import argparse

import torch

parser = argparse.ArgumentParser()
parser.add_argument("--gpu", type=int, default=0)
args = parser.parse_args()

dev = torch.device("cuda:%d" % args.gpu)
loc = 'cuda:%s' % args.gpu
print("running on cuda:%d" % args.gpu)
state = torch.load("model.pt", map_location=loc)
other = torch.device("cuda:%i" % args.gpu)
