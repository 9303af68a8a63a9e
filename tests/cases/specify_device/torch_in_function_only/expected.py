"""Trainer whose torch import is lazy."""
import argparse
import os
npu_device_id = int(os.environ.get("DEVICE_ID", "0"))


def main():
    import torch
    import torch_npu
    torch.npu.set_device(npu_device_id)
    import torch.nn as nn
    parser = argparse.ArgumentParser()
    parser.add_argument("--gpu", type=int, default=0)
    args = parser.parse_args()
    model = nn.Linear(4, 1).npu(npu_device_id)
    print("current device:", torch.npu.current_device())


if __name__ == "__main__":
    main()
