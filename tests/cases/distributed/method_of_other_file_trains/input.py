# CloserLookFewShot's train.py in brief: a method of another file's class that
# gets the optimizer trains inside (a WARNING); its test_loop does not.
import torch
from torch.utils.data import DataLoader, TensorDataset
from helpers import Net
model = Net().cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
loader = DataLoader(TensorDataset(torch.randn(16, 4), torch.randint(0, 2, (16,))), batch_size=4, shuffle=True)
for epoch in range(2):
    model.train_loop(loader, opt)
    acc = model.test_loop(loader)
