# apex's DistributedDataParallel needs the process group as torch's does: the
# file runs once per rank, so its devices are left to the launcher.
import torch
import torch_npu
class ApexTrainer:
    def __init__(self, config, model):
        from apex.parallel import DistributedDataParallel as DDP
        self.model = DDP(model.npu())


device = torch.device("npu:0")
