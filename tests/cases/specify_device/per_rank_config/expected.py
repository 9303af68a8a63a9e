# BYOL-PyTorch's trainer in brief: the device comes from the config's local_rank,
# through an attribute: the file runs once per rank, so its devices are left
# to the launcher.
import torch
import torch_npu
class Trainer:
    def __init__(self, config):
        self.gpu = config['local_rank']
        self.device = torch.device(f'npu:{self.gpu}')
        torch.npu.set_device(self.device)

