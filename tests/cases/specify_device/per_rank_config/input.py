# BYOL-PyTorch's trainer in brief: the device comes from the config's local_rank,
# through an attribute: the file runs once per rank, so its devices are left
# to the launcher.
import torch
class Trainer:
    def __init__(self, config):
        self.gpu = config['local_rank']
        self.device = torch.device(f'cuda:{self.gpu}')
        torch.cuda.set_device(self.device)

