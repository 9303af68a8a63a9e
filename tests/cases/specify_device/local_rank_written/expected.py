import os
import torch
import torch_npu

# A script that pins LOCAL_RANK for a library it calls reads no rank:
# -s gives it DEVICE_ID like any single-card script.
os.environ["LOCAL_RANK"] = "0"
npu_device_id = int(os.environ.get("DEVICE_ID", "0"))
torch.npu.set_device(npu_device_id)
x = torch.zeros(1, device="npu")
