import torch
import torch_npu
import os
npu_device_id = int(os.environ.get("DEVICE_ID", "0"))
torch.npu.set_device(npu_device_id)

# the only device choice is a plain "cuda": set_device still picks DEVICE_ID
device = torch.device("npu" if torch.npu.is_available() else "cpu")
use_amp = device.type == "npu"
x = torch.zeros(2).to(device)
