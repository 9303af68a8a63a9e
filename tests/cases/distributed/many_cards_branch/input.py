# Code under `if device_count() > 1:` other than a DataParallel (a DataParallel
# by hand, as WaveRNN's data_parallel_workaround) would run in every rank over
# all the cards: a WARNING. The DataParallel branch itself goes.
import torch
from torch import nn
model = nn.Linear(4, 1)
if torch.cuda.device_count() > 1:
    model = nn.DataParallel(model)
model = model.cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
loader = torch.utils.data.DataLoader(torch.randn(16, 4), batch_size=4, shuffle=True)
for epoch in range(2):
    for x in loader:
        if torch.cuda.device_count() > 1:
            replicas = nn.parallel.replicate(model, list(range(torch.cuda.device_count())))
            y = nn.parallel.gather(nn.parallel.parallel_apply(replicas, nn.parallel.scatter(x.cuda(), list(range(2)))), 0)
        else:
            y = model(x.cuda())
        optimizer.zero_grad()
        y.sum().backward()
        optimizer.step()
