# A device choice inside another (stylegan2's projector.py): -s rewrites the
# outer one whole, with no row about the inner one.
import torch
import torch_npu
import os
npu_device_id = int(os.environ.get("DEVICE_ID", "0"))
torch.npu.set_device(npu_device_id)

gpu_ids = [int(s) for s in "0".split(",")]
torch.npu.set_device(npu_device_id)
x = torch.zeros(2).npu()
