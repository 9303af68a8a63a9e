"""An accelerator wrapper whose torch import may fail (as DeepSpeed's has it)."""
import os

try:
    import torch.cuda
except ImportError:
    pass

device = torch.device("cuda:0")
# set after code that chose a device: the preamble stays above it
os.environ["CUDA_VISIBLE_DEVICES"] = "1"


class Accelerator:
    def device(self, device_index=None):
        return torch.cuda.device(device_index)

    def zeros(self, n, device_id):
        return torch.zeros(n, device=device_id)
