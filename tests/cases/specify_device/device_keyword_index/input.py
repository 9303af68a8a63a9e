"""Weights loaded onto GPU 0 by safetensors (ChatTTS's model_runner.py), where
the index is an argument of another library's call, next to torch's own."""
import torch
from safetensors import safe_open
from safetensors.torch import load_file

state = load_file("model.safetensors", device=0)
with safe_open("post.safetensors", "pt", 0) as f:
    head = f.get_tensor("head")
mask = torch.ones(4, device=0)
pad = mask.new_zeros(4, device=0)
x = torch.randn(4, device="cuda:0")
