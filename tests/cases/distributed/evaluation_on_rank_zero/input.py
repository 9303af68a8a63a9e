"""KAIR's main_train_psnr.py: the test loader is read under a rank guard that
a dict key names (opt['rank'] == 0), so rank 0 alone evaluates, on all of the data:
no DistributedSampler for it, and no second guard on the save."""
import torch
import torch.distributed as dist
from torch.utils.data import DataLoader, TensorDataset


def get_rank():
    return dist.get_rank() if dist.is_initialized() else 0


def main():
    opt = {'rank': get_rank()}
    model = torch.nn.Linear(4, 1).cuda()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    train_loader = DataLoader(TensorDataset(torch.randn(16, 4), torch.randn(16, 1)), batch_size=4, shuffle=True)
    test_loader = DataLoader(TensorDataset(torch.randn(8, 4), torch.randn(8, 1)), batch_size=1, shuffle=False)
    for epoch in range(2):
        for x, y in train_loader:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x.cuda()), y.cuda()).backward()
            optimizer.step()
        if opt['rank'] == 0:
            n = 0
            for x, y in test_loader:
                n += 1
            print("evaluated", n, "of", len(test_loader.dataset))
            torch.save(model.state_dict(), "m.pt")


if __name__ == "__main__":
    main()
