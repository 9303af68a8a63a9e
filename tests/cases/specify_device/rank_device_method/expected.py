import torch
import torch_npu
from accelerate import Accelerator

# The device comes from the rank that accelerate gives this process, both
# through .cuda(index) and .to(index): -s leaves the devices to the launcher,
# and so it does again on the output, where .cuda(index) reads .npu(index).
current_device = Accelerator().local_process_index
model = torch.nn.Linear(2, 2).npu(current_device)
z = torch.ones(2).to(current_device)
