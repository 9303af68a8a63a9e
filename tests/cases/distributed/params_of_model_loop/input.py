# The optimizer's list is filled by a loop over the models: both train, both
# are wrapped.
import torch
import torch.nn as nn

model = nn.Linear(4, 2).cuda()
head = nn.Linear(2, 2).cuda()
params = []
for net in [model, head]:
    for p in net.parameters():
        params.append(p)
optimizer = torch.optim.SGD(params, lr=0.1)
ds = torch.utils.data.TensorDataset(torch.randn(64, 4), torch.randint(0, 2, (64,)))
loader = torch.utils.data.DataLoader(ds, batch_size=8, shuffle=True)
for epoch in range(2):
    for x, y in loader:
        loss = nn.functional.cross_entropy(head(model(x.cuda())), y.cuda())
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
