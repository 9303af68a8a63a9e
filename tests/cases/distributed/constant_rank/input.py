import torch
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.tensorboard import SummaryWriter


def train_and_eval(rank, epochs):
    # rank is a constant of this single-card script: `if rank == 0:` holds
    # on every rank once it is distributed, so it guards nothing.
    if rank == 0:
        writer = SummaryWriter("logs")
    torch.cuda.set_device(rank)
    model = torch.nn.Linear(4, 2).cuda(rank)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    loader = DataLoader(TensorDataset(torch.randn(16, 4), torch.randn(16, 2)), batch_size=4, shuffle=True)
    for epoch in range(epochs):
        for x, y in loader:
            x, y = x.cuda(rank), y.cuda(rank)
            loss = torch.nn.functional.mse_loss(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        if rank == 0:
            writer.add_scalar("loss", loss.item(), epoch)
            torch.save(model.state_dict(), "G_{}.pth".format(epoch))


def main():
    rank = 0
    train_and_eval(rank, 2)


if __name__ == "__main__":
    main()
