import torch
import torch_npu
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import DataLoader, TensorDataset
import os

# Distributed setup (transplt): torchrun sets RANK/WORLD_SIZE/LOCAL_RANK;
# Ascend launchers set RANK_ID/RANK_SIZE/DEVICE_ID.
npu_local_rank = int(os.environ.get("LOCAL_RANK", os.environ.get("DEVICE_ID", "0")))
npu_rank = int(os.environ.get("RANK", os.environ.get("RANK_ID", "0")))
npu_world_size = int(os.environ.get("WORLD_SIZE", os.environ.get("RANK_SIZE", "1")))
torch.npu.set_device(npu_local_rank)
torch.distributed.init_process_group(backend="hccl", rank=npu_rank, world_size=npu_world_size)

device = torch.device(f'npu:{npu_local_rank}' if torch.npu.is_available() else "cpu")


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
netG = torch.nn.parallel.DistributedDataParallel(netG.npu(), device_ids=[npu_local_rank])
netD = nn.Sequential(nn.Linear(4, 8), nn.LeakyReLU(0.2), nn.Linear(8, 1), nn.Sigmoid()).to(device)
netD.apply(weights_init)
netD = torch.nn.parallel.DistributedDataParallel(netD.npu(), device_ids=[npu_local_rank], broadcast_buffers=False)
features = nn.Linear(4, 4).to(device)  # frozen: no optimizer, not wrapped
for p in features.parameters():
    p.requires_grad = False

criterion = nn.BCELoss()
optimizerD = optim.Adam(netD.parameters(), lr=2e-4, betas=(0.5, 0.999))
optimizerG = optim.Adam(netG.parameters(), lr=2e-4, betas=(0.5, 0.999))

data = TensorDataset(torch.randn(64, 4))
loader = DataLoader(data, batch_size=8, sampler=torch.utils.data.distributed.DistributedSampler(data))
for epoch in range(2):
    loader.sampler.set_epoch(epoch)
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
    if npu_rank == 0: torch.save(netG.module.state_dict(), "netG_epoch_%d.pth" % epoch)
    if npu_rank == 0: torch.save(netD.module.state_dict(), "netD_epoch_%d.pth" % epoch)
