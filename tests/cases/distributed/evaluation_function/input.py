# makemore: a DataLoader built in a function that runs with autograd off is
# evaluation data (no set_epoch), a model method decorated with no_grad
# records no graph (no gradient averaging), and a dataset picked with the
# builtin eval(...) is not evaluation data by its name (pytorch-vqvae)
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset
from torchvision import datasets

DATASET = 'MNIST'


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)

    def forward(self, x):
        return self.fc(x)

    @torch.no_grad()
    def predict(self, x):
        return self.fc(x).argmax(-1)


@torch.inference_mode()
def evaluate(model, dataset):
    loader = DataLoader(dataset, shuffle=True, batch_size=4)
    return sum(model(x.cuda()).sum().item() for x, y in loader)


ds = TensorDataset(torch.randn(16, 4), torch.randint(0, 2, (16,)))
train_loader = DataLoader(ds, batch_size=4, shuffle=True)
mnist_loader = DataLoader(eval('datasets.' + DATASET)('data', train=True), batch_size=4, shuffle=True)
model = Net().cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(2):
    for x, y in train_loader:
        loss = nn.functional.cross_entropy(model(x.cuda()), y.cuda())
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    print(evaluate(model, ds), model.predict(torch.randn(2, 4).cuda()))
