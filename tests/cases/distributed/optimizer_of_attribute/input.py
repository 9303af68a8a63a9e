# A trainer class in the shape of a ChatGLM LoRA fine-tuning script: a local
# model goes into self.model, and the optimizer trains self.model's
# parameters. Nothing names the model plainly, so nothing is wrapped, and
# the WARNING says why.
import torch
from torch.utils.data import DataLoader, TensorDataset


class Trainer:
    def __init__(self):
        ds = TensorDataset(torch.randn(64, 4), torch.randn(64, 1))
        self.loader = DataLoader(ds, batch_size=8, shuffle=True)
        model = torch.nn.Linear(4, 1)
        self.model = model.cuda()
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=0.1)

    def train(self):
        for epoch in range(2):
            for x, y in self.loader:
                loss = torch.nn.functional.mse_loss(self.model(x.cuda()), y.cuda())
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()


if __name__ == "__main__":
    Trainer().train()
