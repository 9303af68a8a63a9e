import torch_npu
import torch.npu


def wait_all():
    if torch.npu.is_available():
        torch.npu.synchronize()
