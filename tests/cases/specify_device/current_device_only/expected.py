import torch
import torch_npu
import os
npu_device_id = int(os.environ.get("DEVICE_ID", "0"))
torch.npu.set_device(npu_device_id)

# The only device choice follows set_device: -s still sets DEVICE_ID first.
x = torch.zeros(3, device=f'npu:{torch.npu.current_device()}')
y = torch.ones(3, device=f"npu:{torch.npu.current_device()}")
print(x.device, y.device)
