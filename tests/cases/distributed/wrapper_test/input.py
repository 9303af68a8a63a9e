# model.module under a hasattr test: the script handles both forms, so the
# model is MAIN's to wrap, not a wrapper from elsewhere.
import torch
import torch.nn as nn

model = nn.Sequential(nn.Linear(4, 8), nn.Linear(8, 1)).cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.randn(64, 4), torch.randn(64, 1)), batch_size=8, shuffle=True)
for x, y in loader:
    loss = ((model(x.cuda()) - y.cuda()) ** 2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
net = model.module if hasattr(model, "module") else model
torch.save(net.state_dict(), "ck.pt")
