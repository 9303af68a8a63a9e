"""Weights loaded onto GPU 0 by safetensors (ChatTTS's model_runner.py), where
the index is an argument of another library's call, next to torch's own."""
import torch
import torch_npu
from safetensors import safe_open
from safetensors.torch import load_file
import os
npu_device_id = int(os.environ.get("DEVICE_ID", "0"))
torch.npu.set_device(npu_device_id)

state = load_file("model.safetensors", device=f'npu:{npu_device_id}')
with safe_open("post.safetensors", "pt", f'npu:{npu_device_id}') as f:
    head = f.get_tensor("head")
mask = torch.ones(4, device=f'npu:{npu_device_id}')
pad = mask.new_zeros(4, device=f'npu:{npu_device_id}')
x = torch.randn(4, device=f'npu:{npu_device_id}')
