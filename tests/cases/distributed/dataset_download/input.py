"""pytorch/examples' MNIST shape: the dataset downloads where the script runs,
so under a launcher every rank downloads it into the same folder at once: a
WARNING."""
import torch
import torchvision

ds = torchvision.datasets.MNIST("data", train=True, download=True, transform=torchvision.transforms.ToTensor())
loader = torch.utils.data.DataLoader(ds, batch_size=64, shuffle=True)
model = torch.nn.Linear(784, 10).cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(2):
    for x, y in loader:
        loss = torch.nn.functional.cross_entropy(model(x.view(-1, 784).cuda()), y.cuda())
        opt.zero_grad()
        loss.backward()
        opt.step()
