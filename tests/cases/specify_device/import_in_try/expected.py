"""An accelerator wrapper whose torch import may fail (as DeepSpeed's has it)."""
import os

try:
    import torch_npu
    import torch.npu
    npu_device_id = int(os.environ.get("DEVICE_ID", "0"))
    torch.npu.set_device(npu_device_id)
except ImportError:
    pass

device = torch.device(f'npu:{npu_device_id}')
# set after code that chose a device: the preamble stays above it
os.environ["ASCEND_RT_VISIBLE_DEVICES"] = "1"


class Accelerator:
    def device(self, device_index=None):
        return torch.npu.device(npu_device_id)

    def zeros(self, n, device_id):
        return torch.zeros(n, device=f'npu:{npu_device_id}')
