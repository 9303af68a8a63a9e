import sys

# the setup goes after the torch import, inside the block that uses the device
if sys.platform != "win32":
    import torch
    import torch_npu
    import os
    npu_device_id = int(os.environ.get("DEVICE_ID", "0"))
    torch.npu.set_device(npu_device_id)
    x = torch.zeros(1).to(f'npu:{npu_device_id}')

# an import guard that only imports: the setup may follow it
try:
    import numpy
    HAS_NUMPY = True
except ImportError:
    numpy = None
