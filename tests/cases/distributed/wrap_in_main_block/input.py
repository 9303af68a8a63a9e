import torch
import torch.nn as nn


class Trainer:
    """Moves the model to the device and trains it, as minGPT's Trainer does."""

    def __init__(self, model, data):
        self.device = "cuda" if torch.cuda.is_available() else "cpu"
        self.model = model.to(self.device)
        self.data = data

    def run(self, steps=3):
        opt = torch.optim.SGD(self.model.parameters(), lr=0.1)
        for x, y in self.data[:steps]:
            loss = ((self.model(x.to(self.device)) - y.to(self.device)) ** 2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()


if __name__ == "__main__":
    torch.manual_seed(0)
    model = nn.Linear(4, 1)
    if torch.cuda.device_count() > 1:
        model = model.cuda()
    else:
        model = model.to("cuda")
    data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(3)]
    trainer = Trainer(model, data)
    trainer.run()
    # the model's own attributes are reached through .module once it is wrapped
    print("weight", model.weight.detach().cpu().flatten().tolist())
    model.eval()
    torch.save(model.state_dict(), "model.pt")
