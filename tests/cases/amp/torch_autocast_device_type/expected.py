import torch
import torch_npu

scaler = torch.amp.GradScaler("npu")


@torch.no_grad()
def evaluate(model, loader, device):
    model.eval()
    correct = 0
    with torch.autocast(device_type="npu", dtype=torch.bfloat16):
        for x, y in loader:
            x, y = x.to(device), y.to(device)
            correct += (model(x).argmax(1) == y).sum().item()
    return correct
