import torch
import torch.nn as nn

model = nn.Sequential(nn.Linear(4, 8), nn.BatchNorm1d(8), nn.Linear(8, 1)).cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
dataset = torch.utils.data.TensorDataset(torch.randn(64, 4), torch.randn(64, 1))
loader = torch.utils.data.DataLoader(dataset, batch_size=8, shuffle=True)
for epoch in range(2):
    for i, (x, y) in enumerate(loader):
        x, y = x.cuda(), y.cuda()
        loss = ((model(x) - y) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        # forwards that build no graph: no buffer broadcast can break a backward
        if i % 2 == 0:
            model.eval()
            with torch.no_grad():
                print(model(x[:2]))
            with torch.inference_mode():
                print(model(y.new_zeros(2, 4)))
            with torch.set_grad_enabled(False):
                print(model(x[2:4]))
            model.train()
torch.save(model.state_dict(), "model.pt")
