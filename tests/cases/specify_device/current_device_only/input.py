import torch

# The only device choice follows set_device: -s still sets DEVICE_ID first.
x = torch.zeros(3, device=torch.cuda.current_device())
y = torch.ones(3, device=f"cuda:{torch.cuda.current_device()}")
print(x.device, y.device)
