import torch
import torch.utils.data as tud
from torch.utils.data import DataLoader as DL


def loaders(train_set, val_set, batch_size):
    train = DL(train_set, batch_size, shuffle=True)
    val = tud.DataLoader(dataset=val_set, batch_size=batch_size, shuffle=False)
    return train, val


model = torch.nn.Linear(4, 4).cuda()
train_loader, val_loader = loaders(None, None, 8)
