"""Trainer whose torch import is lazy."""
import argparse


def main():
    import torch
    import torch.nn as nn
    parser = argparse.ArgumentParser()
    parser.add_argument("--gpu", type=int, default=0)
    args = parser.parse_args()
    model = nn.Linear(4, 1).cuda(args.gpu)
    print("current device:", torch.cuda.current_device())


if __name__ == "__main__":
    main()
