# -s: a local that holds torch.cuda.current_device() follows set_device, as
# the call does; the device string that -s builds from it stays that string
# when the converted file is converted again.
import torch
import torch_npu
import os
npu_device_id = int(os.environ.get("DEVICE_ID", "0"))
torch.npu.set_device(npu_device_id)

model = torch.nn.Linear(2, 2).npu()
dev = torch.npu.current_device()
y = torch.ones(2).to(f'npu:{dev}')
