# A forward after the step that no backward follows (an evaluation, as
# MorvanZhou's 502_GPU.py prints every 50 steps) is no second forward before a
# backward: the wrap keeps broadcast_buffers.
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset
cnn = nn.Sequential(nn.Linear(4, 8), nn.BatchNorm1d(8), nn.Linear(8, 2)).cuda()
optimizer = torch.optim.Adam(cnn.parameters(), lr=0.01)
test_x = torch.randn(16, 4).cuda()
loader = DataLoader(TensorDataset(torch.randn(64, 4), torch.randint(0, 2, (64,))), batch_size=8, shuffle=True)
for epoch in range(1):
    for step, (x, y) in enumerate(loader):
        output = cnn(x.cuda())
        loss = nn.functional.cross_entropy(output, y.cuda())
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if step % 50 == 0:
            test_output = cnn(test_x)
            print(test_output.argmax(1)[:4])
