# A visible-device list that main() sets from an option (CenterNet's
# --gpus) comes after -s's set_device at the top: it no longer picks the
# card, and a WARNING says so.
import argparse
import os

import torch


def main(opt):
    os.environ["CUDA_VISIBLE_DEVICES"] = opt.gpus
    device = torch.device("cuda")
    model = torch.nn.Linear(4, 1).to(device)
    return model


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--gpus", default="0")
    main(parser.parse_args())
