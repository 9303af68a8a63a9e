from torch.utils.data import DataLoader, TensorDataset
import numpy as np
import torch


def make_loader(n=256, batch_size=32):
    x = torch.from_numpy(np.random.randn(n, 16).astype("float32"))
    y = torch.randint(0, 4, (n,))
    return DataLoader(TensorDataset(x, y), batch_size=batch_size, shuffle=True)
