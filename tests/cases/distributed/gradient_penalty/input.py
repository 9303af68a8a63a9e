# A WGAN-GP step (rosinality's style-based-gan): the penalty through the wrapped
# discriminator has a backward of its own, which DDP's reducer cannot finish:
# a WARNING at the autograd.grad call.
import torch
from torch import nn, optim
from torch.autograd import grad
from torch.utils.data import DataLoader, TensorDataset

G = nn.Linear(4, 8).cuda()
D = nn.Sequential(nn.Linear(8, 8), nn.LeakyReLU(0.2), nn.Linear(8, 1)).cuda()
g_opt = optim.Adam(G.parameters(), lr=1e-3)
d_opt = optim.Adam(D.parameters(), lr=1e-3)
loader = DataLoader(TensorDataset(torch.randn(64, 8)), batch_size=8, shuffle=True)

for epoch in range(2):
    for (real,) in loader:
        real = real.cuda()
        D.zero_grad()
        D(real).mean().neg().backward()
        fake = G(torch.randn(real.size(0), 4).cuda()).detach()
        D(fake).mean().backward()
        eps = torch.rand(real.size(0), 1).cuda()
        x_hat = (eps * real + (1 - eps) * fake).requires_grad_(True)
        g, = grad(D(x_hat).sum(), x_hat, create_graph=True)
        ((g.norm(2, dim=1) - 1) ** 2).mean().mul(10).backward()
        d_opt.step()

        G.zero_grad()
        D(G(torch.randn(real.size(0), 4).cuda())).mean().neg().backward()
        g_opt.step()
