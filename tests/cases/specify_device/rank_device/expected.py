"""lm-eval's HFLM under accelerate: the device comes from the process
index, in torch.device and in the device map alike."""
import torch
import torch_npu


class HFLM:
    def __init__(self, accelerator):
        self.accelerator = accelerator
        self._device = torch.device(f"npu:{accelerator.local_process_index}")
        model_kwargs = {"device_map": {"": f"npu:{self.accelerator.local_process_index}"}}
        self.model_kwargs = model_kwargs
