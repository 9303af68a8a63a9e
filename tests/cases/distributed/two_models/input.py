import torch
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import DataLoader, TensorDataset

device = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")


class Generator(nn.Module):
    def __init__(self):
        super().__init__()
        self.main = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4))

    def forward(self, z):
        return self.main(z)


def weights_init(m):
    if isinstance(m, nn.Linear):
        nn.init.normal_(m.weight, 0.0, 0.02)


netG = Generator().to(device)
netG.apply(weights_init)
netD = nn.Sequential(nn.Linear(4, 8), nn.LeakyReLU(0.2), nn.Linear(8, 1), nn.Sigmoid()).to(device)
netD.apply(weights_init)
features = nn.Linear(4, 4).to(device)  # frozen: no optimizer, not wrapped
for p in features.parameters():
    p.requires_grad = False

criterion = nn.BCELoss()
optimizerD = optim.Adam(netD.parameters(), lr=2e-4, betas=(0.5, 0.999))
optimizerG = optim.Adam(netG.parameters(), lr=2e-4, betas=(0.5, 0.999))

data = TensorDataset(torch.randn(64, 4))
loader = DataLoader(data, batch_size=8, shuffle=True)
for epoch in range(2):
    for (real,) in loader:
        real = real.to(device)
        netD.zero_grad()
        label = torch.full((real.size(0), 1), 1.0, device=device)
        errD_real = criterion(netD(real), label)
        errD_real.backward()
        fake = netG(torch.randn(real.size(0), 8, device=device))
        label.fill_(0.0)
        errD_fake = criterion(netD(fake.detach()), label)
        errD_fake.backward()
        optimizerD.step()
        netG.zero_grad()
        label.fill_(1.0)
        errG = criterion(netD(fake), label)
        errG.backward()
        optimizerG.step()
    torch.save(netG.state_dict(), "netG_epoch_%d.pth" % epoch)
    torch.save(netD.state_dict(), "netD_epoch_%d.pth" % epoch)
