import torch
import torch_npu
import os
npu_device_id = int(os.environ.get("DEVICE_ID", "0"))
torch.npu.set_device(npu_device_id)

# Plain "cuda" choices inside a function, a class and a default argument:
# the current device, which -s's set_device makes DEVICE_ID's.


def load(name, device="npu" if torch.npu.is_available() else "cpu"):
    return torch.jit.load(name, map_location=device)


class Reader:
    def __init__(self, gpu=True):
        if gpu:
            self.device = 'npu'
        else:
            self.device = 'cpu'


class FeatureExtractor:
    def __init__(self, model_name="osnet", device='npu'):
        self.model = torch.hub.load("KaiyangZhou/deep-person-reid", model_name).to(device)
