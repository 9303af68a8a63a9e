import torch
from torch.utils.data import DataLoader, IterableDataset


class Stream(IterableDataset):
    def __iter__(self):
        for i in range(8):
            yield torch.full((4,), float(i))


model = torch.nn.Linear(4, 1).cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
stream = Stream()
loader = DataLoader(stream, batch_size=4)  # no sampler splits a stream: a WARNING
for epoch in range(2):
    for x in loader:
        optimizer.zero_grad()
        model(x.cuda()).sum().backward()
        optimizer.step()
