"""A converted (NPU) DDP training script: hccl, DistributedSampler, set_epoch; --skew desynchronises rank 1."""
import argparse
import os

import torch
import torch_npu
import torch.distributed as dist
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--skew", action="store_true", help="change a parameter on rank 1 only")
    args = parser.parse_args()

    local_rank = int(os.environ["LOCAL_RANK"])
    torch.npu.set_device(local_rank)
    dist.init_process_group(backend="hccl")
    device = torch.device(f"npu:{local_rank}")

    x = torch.randn(64, 6)
    y = x[:, :2].sum(dim=1, keepdim=True)
    dataset = TensorDataset(x, y)
    sampler = DistributedSampler(dataset, shuffle=True)
    loader = DataLoader(dataset, batch_size=8, sampler=sampler)

    model = nn.Sequential(nn.Linear(6, 16), nn.Tanh(), nn.Linear(16, 1)).to(device)
    model = DDP(model, device_ids=[local_rank], output_device=local_rank)
    optimizer = torch.optim.Adam(model.parameters(), lr=0.01)

    for epoch in range(args.epochs):
        sampler.set_epoch(epoch)
        for inputs, targets in loader:
            inputs, targets = inputs.to(device), targets.to(device)
            loss = nn.functional.mse_loss(model(inputs), targets)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        if dist.get_rank() == 0:
            print(f"epoch {epoch} loss {loss.item():.6f}")

    if args.skew and dist.get_rank() == 1:
        with torch.no_grad():
            model.module[2].bias.add_(1.0)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
