# pytorch-deeplab-xception's Trainer in brief: DataParallel around self.model goes
# whole, and self.model.module loses its .module in every method of the class.
import torch
import torch.nn as nn


class Trainer(object):
    def __init__(self):
        self.model = nn.Linear(4, 2)
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=0.1)
        self.model = torch.nn.DataParallel(self.model, device_ids=[0])
        self.model = self.model.cuda()

    def training(self, epoch):
        loader = torch.utils.data.DataLoader(torch.randn(16, 4), batch_size=4, shuffle=True)
        for x in loader:
            loss = self.model(x.cuda()).sum()
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
        torch.save({'state_dict': self.model.module.state_dict()}, 'ckpt.pth')


def main():
    trainer = Trainer()
    for epoch in range(1):
        trainer.training(epoch)


if __name__ == "__main__":
    main()
