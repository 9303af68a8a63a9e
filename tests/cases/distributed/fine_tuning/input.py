import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(4, 4)
        self.fc = nn.Linear(4, 2)

    def forward(self, x):
        return self.fc(torch.relu(self.body(x)))


# The setup goes right after the first imports: this code uses the device.
ds = TensorDataset(torch.randn(32, 4), torch.randint(0, 3, (32,)))
loader = DataLoader(ds, batch_size=4, shuffle=True)

# Fine-tuning: a new head, a frozen body, then the move to the device. The
# wrap comes after all of it: DDP must see the final parameters.
model = Net()
model.fc = nn.Linear(4, 3)
for p in model.body.parameters():
    p.requires_grad = False
model = model.cuda()

import torch.optim as optim  # a late import: the setup stays above the first use

optimizer = optim.SGD(model.fc.parameters(), lr=0.1)
criterion = nn.CrossEntropyLoss()
for lr in [0.1, 0.01]:  # a sweep, not an epoch loop: set_epoch takes an int
    for g in optimizer.param_groups:
        g["lr"] = lr
    for epoch in range(2):
        for x, y in loader:
            optimizer.zero_grad()
            loss = criterion(model(x.cuda()), y.cuda())
            loss.backward()
            optimizer.step()
