# A forward whose second output is dropped: the aux head gets no gradient in
# that step, so the wrap looks for unused parameters (DDP raised without).
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset


class TwoHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(4, 8)
        self.cls = nn.Linear(8, 2)
        self.aux = nn.Linear(8, 3)

    def forward(self, x):
        h = torch.relu(self.body(x))
        return self.cls(h), self.aux(h)


ds = TensorDataset(torch.randn(64, 4), torch.randint(0, 2, (64,)))
loader = DataLoader(ds, batch_size=8, shuffle=True)
model = TwoHead().cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(2):
    for x, y in loader:
        logits, _ = model(x.cuda())
        loss = nn.functional.cross_entropy(logits, y.cuda())
        opt.zero_grad()
        loss.backward()
        opt.step()
print("done")
