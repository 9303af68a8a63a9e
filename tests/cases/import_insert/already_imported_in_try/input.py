import argparse

import torch
import torchvision

try:
    import torch_npu  # noqa: F401
except ImportError:
    torch_npu = None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--arch", default="resnet18")
    args = parser.parse_args()
    model = getattr(torchvision.models, args.arch)().cuda()
    torch.cuda.synchronize()
    return model


if __name__ == "__main__":
    main()
