# a star import from torch counts as the module's torch import: torch_npu is
# imported once, after it, and the device setup adds only what is missing
from torch import *
import torch_npu
import os
import torch
npu_device_id = int(os.environ.get("DEVICE_ID", "0"))
torch.npu.set_device(npu_device_id)

x = zeros(1).npu()
