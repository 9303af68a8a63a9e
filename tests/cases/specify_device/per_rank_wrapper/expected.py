# Deformable-DETR's main.py in brief: a helper of the repository reads
# LOCAL_RANK, sets each rank's device and starts the process group; the file
# itself only builds the DDP wrapper, which shows that it runs once per rank.
import argparse

import torch
import torch_npu
from torch.nn.parallel import DistributedDataParallel as DDP

import util.misc as utils

parser = argparse.ArgumentParser()
parser.add_argument("--device", default="npu")
args = parser.parse_args()
utils.init_distributed_mode(args)
device = torch.device(args.device)
model = torch.nn.Linear(4, 4).to(device)
if args.distributed:
    model = DDP(model, device_ids=[args.gpu])
