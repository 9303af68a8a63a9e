"""Fit y = 2x + 1 with SGD on the CUDA API: small enough that a test can recompute every loss."""
import argparse

import torch
import torch_npu
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset


class NestedSGD(torch.optim.SGD):
    """An optimizer whose step calls its parent's: one step, not two."""

    def step(self, closure=None):
        return super().step(closure)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--lr", type=float, default=0.1)
    parser.add_argument("--nested-step", action="store_true")
    parser.add_argument("--two-roots", action="store_true", help="call torch.autograd.backward on two losses")
    parser.add_argument("--exit-code", type=int)
    args = parser.parse_args()

    device = torch.device("npu" if torch.npu.is_available() else "cpu")
    x = torch.linspace(-1, 1, 16).unsqueeze(1)
    y = 2 * x + 1
    loader = DataLoader(TensorDataset(x, y), batch_size=4)
    model = torch.nn.Linear(1, 1)
    with torch.no_grad():
        model.weight.fill_(0.5)
        model.bias.fill_(-0.25)
    model = model.npu()
    optimizer = (NestedSGD if args.nested_step else torch.optim.SGD)(model.parameters(), lr=args.lr)

    for epoch in range(args.epochs):
        for inputs, targets in loader:
            inputs, targets = inputs.to(device), targets.npu()
            optimizer.zero_grad()
            prediction = model(inputs)
            loss = F.mse_loss(prediction, targets)
            if args.two_roots:
                torch.autograd.backward([loss, prediction.abs().mean()])
            else:
                loss.backward()
            optimizer.step()
        torch.npu.synchronize()
        print(f"epoch {epoch}: loss {loss.item():.6f}")
    if args.exit_code is not None:
        raise SystemExit(args.exit_code)


if __name__ == "__main__":
    main()
