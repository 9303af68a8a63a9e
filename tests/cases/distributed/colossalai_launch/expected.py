import torch
import torch_npu
import colossalai
from colossalai.booster import Booster
from colossalai.booster.plugin import TorchDDPPlugin


# ColossalAI sets up the process group (launch_from_torch, with no guard
# against a second one) and its Booster wraps the model: distributed mode
# adds nothing here.
def main():
    colossalai.launch_from_torch()
    model = torch.nn.Linear(4, 4)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    booster = Booster(plugin=TorchDDPPlugin())
    model, optimizer, *_ = booster.boost(model, optimizer)
    for epoch in range(3):
        loss = model(torch.randn(2, 4).npu()).sum()
        booster.backward(loss, optimizer)
        optimizer.step()
    booster.save_model(model, "model.pt")


if __name__ == "__main__":
    main()
