# a class's special method that the lists do not name is as supported as its
# class: `nn.Module.__init__(self)` is the old spelling of super().__init__()
# (pytorchic-bert); an unsupported class's constructor stays unsupported
import torch
import torch_npu
import torch.nn as nn
from torch.utils.data import Dataset


class CsvDataset(Dataset):
    def __init__(self):
        Dataset.__init__(self)


class Net(nn.Module):
    def __init__(self):
        nn.Module.__init__(self)
        self.fc = nn.Linear(2, 2)


class Parallel(nn.DataParallel):
    def __init__(self, module):
        nn.DataParallel.__init__(self, module)
