# A visible-device list that main() sets from an option (CenterNet's
# --gpus) comes after -s's set_device at the top: it no longer picks the
# card, and a WARNING says so.
import argparse
import os

import torch
import torch_npu
npu_device_id = int(os.environ.get("DEVICE_ID", "0"))
torch.npu.set_device(npu_device_id)


def main(opt):
    os.environ["ASCEND_RT_VISIBLE_DEVICES"] = opt.gpus
    device = torch.device("npu")
    model = torch.nn.Linear(4, 1).to(device)
    return model


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--gpus", default="0")
    main(parser.parse_args())
