import torch
import torch.nn as nn
from torch.optim import lr_scheduler
from torch.optim.lr_scheduler import ReduceLROnPlateau as Plateau


class Tracker:
    def __init__(self, optimizer):
        self.sched = lr_scheduler.ReduceLROnPlateau(optimizer, mode="max", patience=0)

    def update(self, accuracy):
        self.sched.step(accuracy)  # each rank's own accuracy


model = nn.Linear(4, 1).cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
warmup = lr_scheduler.StepLR(optimizer, step_size=2)  # steps alike on every rank
scheduler = Plateau(optimizer, patience=0)
tracker = Tracker(optimizer)
ds = torch.utils.data.TensorDataset(torch.randn(64, 4), torch.randn(64, 1))
loader = torch.utils.data.DataLoader(ds, batch_size=8, shuffle=True)
for epoch in range(8):
    total = 0.0
    for x, y in loader:
        loss = nn.functional.mse_loss(model(x.cuda()), y.cuda())
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        total += loss.item()
    warmup.step()
    scheduler.step(total)
    tracker.update(-total)
print(optimizer.param_groups[0]["lr"])
