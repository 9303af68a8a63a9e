import argparse
from segment_anything import sam_model_registry
import os
import torch
import torch_npu
npu_device_id = int(os.environ.get("DEVICE_ID", "0"))
torch.npu.set_device(npu_device_id)

p = argparse.ArgumentParser()
p.add_argument("--device", type=str, default="npu")
args = p.parse_args()
sam = sam_model_registry["vit_h"](checkpoint="x").to(device=args.device)
