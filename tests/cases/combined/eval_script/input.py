"""Evaluate a ResNet checkpoint on random data (single GPU)."""
import argparse
import time

import torch
import torch.nn as nn
from torch.autograd import profiler
from apex.normalization import FusedLayerNorm as FLN


def get_args():
    p = argparse.ArgumentParser()
    p.add_argument("--gpu", type=int, default=0)
    p.add_argument("--ckpt", default="")
    p.add_argument("--profile", action="store_true")
    return p.parse_args()


def main():
    args = get_args()
    torch.cuda.set_device(args.gpu)
    model = nn.Sequential(nn.Flatten(), nn.Linear(3 * 32 * 32, 128), FLN(128), nn.Linear(128, 10))
    if args.ckpt:
        state = torch.load(args.ckpt, map_location='cuda:{}'.format(args.gpu))
        model.load_state_dict(state["model"])
    model = model.to(args.gpu).eval()
    images = torch.randn(256, 3, 32, 32).cuda(args.gpu, non_blocking=True)
    with torch.no_grad(), profiler.profile(enabled=args.profile, use_cuda=True) as prof:
        t0 = time.time()
        preds = model(images).argmax(1)
        torch.cuda.synchronize()
    print("%d preds in %.3fs on cuda:%d" % (preds.numel(), time.time() - t0, args.gpu))
    if args.profile:
        print(prof.key_averages().table(sort_by="self_cpu_time_total"))


if __name__ == "__main__":
    main()
