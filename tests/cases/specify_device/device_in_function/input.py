import torch

# Plain "cuda" choices inside a function, a class and a default argument:
# the current device, which -s's set_device makes DEVICE_ID's.


def load(name, device="cuda" if torch.cuda.is_available() else "cpu"):
    return torch.jit.load(name, map_location=device)


class Reader:
    def __init__(self, gpu=True):
        if gpu:
            self.device = 'cuda'
        else:
            self.device = 'cpu'


class FeatureExtractor:
    def __init__(self, model_name="osnet", device='cuda'):
        self.model = torch.hub.load("KaiyangZhou/deep-person-reid", model_name).to(device)
