import os
import argparse

import torch

# the visible cards must be set before a device is chosen: -s picks its
# device after this line, not before it
os.environ["CUDA_VISIBLE_DEVICES"] = "0,1"
os.environ.setdefault("NCCL_DEBUG", "WARN")


def run(args, model, x):
    with torch.cuda.device(args.gpu):
        model = model.cuda(args.gpu)
        return model(x.cuda(args.gpu, non_blocking=True))
