# A DataParallel subclass of MAIN (StyleTTS2's MyDataParallel) is a DataParallel:
# it goes, and DistributedDataParallel wraps the model instead.
import torch
from torch.utils.data import DataLoader, TensorDataset


class MyDataParallel(torch.nn.DataParallel):
    def __getattr__(self, name):
        try:
            return super().__getattr__(name)
        except AttributeError:
            return getattr(self.module, name)


def main():
    model = torch.nn.Linear(4, 1).cuda()
    model = MyDataParallel(model)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    loader = DataLoader(TensorDataset(torch.randn(16, 4), torch.randn(16, 1)), batch_size=4, shuffle=True)
    for epoch in range(2):
        for x, y in loader:
            loss = ((model(x.cuda()) - y.cuda()) ** 2).mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
    torch.save(model.module.state_dict(), "m.pt")

if __name__ == "__main__":
    main()
