"""SRResNet's --vgg_loss step: content_loss.backward(retain_graph=True), then
loss.backward() on the same forward; DDP averages the first backward's gradients
only: a WARNING."""
import torch
import torch.nn as nn

model = nn.Linear(4, 2).cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
ds = torch.utils.data.TensorDataset(torch.randn(16, 4), torch.randn(16, 2))
loader = torch.utils.data.DataLoader(ds, batch_size=4, shuffle=True)
for epoch in range(2):
    for x, y in loader:
        out = model(x.cuda())
        loss1 = out.pow(2).mean()
        loss2 = nn.functional.mse_loss(out, y.cuda())
        opt.zero_grad()
        loss1.backward(retain_graph=True)
        loss2.backward()
        opt.step()
