import argparse

import torch
import torch_npu
import os
npu_device_id = int(os.environ.get("DEVICE_ID", "0"))
torch.npu.set_device(npu_device_id)

parser = argparse.ArgumentParser()
parser.add_argument("--gpu", type=int, default=0)
args = parser.parse_args()

torch.npu.set_device(npu_device_id)
device = torch.device(f'npu:{npu_device_id}')
model = torch.nn.Linear(4, 2).npu(npu_device_id)
x = torch.randn(3, 4).to(f'npu:{npu_device_id}')
state = torch.load("ckpt.pth", map_location="npu")
y = model(x.to(device))
