import torch

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
second = torch.device('cuda:1')
third = torch.device('cuda', 2)
far = torch.device("cuda:10")


def on_accelerator(t):
    return t.device.type == "cuda"


def make_buffer(n, dev="cuda"):
    return torch.empty(n, device=dev)
