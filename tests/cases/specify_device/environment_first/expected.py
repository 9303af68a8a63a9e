import os
import argparse

import torch
import torch_npu

# the visible cards must be set before a device is chosen: -s picks its
# device after this line, not before it
os.environ["ASCEND_RT_VISIBLE_DEVICES"] = "0,1"
os.environ.setdefault("NCCL_DEBUG", "WARN")
npu_device_id = int(os.environ.get("DEVICE_ID", "0"))
torch.npu.set_device(npu_device_id)


def run(args, model, x):
    with torch.npu.device(npu_device_id):
        model = model.npu(npu_device_id)
        return model(x.npu(npu_device_id, non_blocking=True))
