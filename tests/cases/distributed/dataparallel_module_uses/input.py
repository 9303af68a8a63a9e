import os

import torch
import torch.nn as nn

device = 'cuda' if torch.cuda.is_available() else 'cpu'
net = nn.Sequential(nn.Linear(4, 4), nn.ReLU())
net.fc = nn.Linear(4, 10)
net = net.to(device)
if device == 'cuda':
    net = torch.nn.DataParallel(net)
# Until the DDP wrap below, net is the plain module: no .module
if os.path.exists('ckpt.pth'):
    checkpoint = torch.load('ckpt.pth')
    net.module.load_state_dict(checkpoint['net'])  # saved from net.module: no prefix to strip
net.module.fc = nn.Linear(net.module.fc.in_features, 3).to(device)  # a new head
# Parameter groups through names: the model is still found without -t
head = list(net.module.fc.parameters())
body = [p for n, p in net.named_parameters() if not n.startswith("module.fc")]
optimizer = torch.optim.SGD([{"params": body, "lr": 0.01}, {"params": head, "lr": 0.1}])
ds = torch.utils.data.TensorDataset(torch.randn(16, 4), torch.randint(0, 3, (16,)))
loader = torch.utils.data.DataLoader(ds, batch_size=4, shuffle=True)
for epoch in range(2):
    for x, y in loader:
        optimizer.zero_grad()
        nn.functional.cross_entropy(net(x.to(device)), y.to(device)).backward()
        optimizer.step()
torch.save({'net': net.module.state_dict()}, 'fine_tuned.pth')
