import torch
import torch_npu
import os
npu_device_id = int(os.environ.get("DEVICE_ID", "0"))
torch.npu.set_device(npu_device_id)

# "cuda" here only reads a device or names a device type: no device
# choice, nothing for -s to set.


def step(model, x, opt):
    with torch.autocast("npu", dtype=torch.float16):
        loss = model(x).sum()
    scaler = torch.amp.GradScaler(device="npu")
    scaler.scale(loss).backward()
    if x.device.type == "npu":
        print(torch.npu.max_memory_allocated(x.device))
    register("npu", step)  # a name, not a device
    if str(x.device).startswith("npu"):
        return {"npu": loss}["npu"]
