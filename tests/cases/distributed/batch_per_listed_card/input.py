"""HRNet's tools/train.py: the batch is BATCH_SIZE_PER_GPU * len(cfg.GPUS), the
DataParallel convention by the length of its device list: a WARNING, as for
torch.cuda.device_count()."""
import torch
from torch.utils.data import DataLoader, TensorDataset

GPUS = [0, 1, 2, 3]
BATCH_SIZE_PER_GPU = 32


def main():
    model = torch.nn.DataParallel(torch.nn.Linear(4, 1), device_ids=GPUS).cuda()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    loader = DataLoader(TensorDataset(torch.randn(512, 4), torch.randn(512, 1)),
                        batch_size=BATCH_SIZE_PER_GPU * len(GPUS), shuffle=True)
    for epoch in range(2):
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x), y.cuda()).backward()
            optimizer.step()


if __name__ == "__main__":
    main()
