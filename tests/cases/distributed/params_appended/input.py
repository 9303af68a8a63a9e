# deep-text-recognition-benchmark's train.py in brief: the optimizer gets a
# list that a loop fills from model.parameters(), so model is what trains.
import torch
import torch.nn as nn

model = nn.Linear(4, 2).cuda()
filtered_parameters = []
params_num = []
for p in filter(lambda p: p.requires_grad, model.parameters()):
    filtered_parameters.append(p)
    params_num.append(p.numel())
optimizer = torch.optim.Adam(filtered_parameters, lr=0.1)
ds = torch.utils.data.TensorDataset(torch.randn(64, 4), torch.randint(0, 2, (64,)))
loader = torch.utils.data.DataLoader(ds, batch_size=8, shuffle=True)
for epoch in range(2):
    for x, y in loader:
        loss = nn.functional.cross_entropy(model(x.cuda()), y.cuda())
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
