import torch

# the only device choice is a plain "cuda": set_device still picks DEVICE_ID
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
use_amp = device.type == "cuda"
x = torch.zeros(2).to(device)
