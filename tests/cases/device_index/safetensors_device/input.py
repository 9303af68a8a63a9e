# safetensors reads an integer device as a CUDA ordinal (ChatTTS's
# safe_open(..., device=0)): it becomes an npu device string, as in torch.
import torch
from safetensors import safe_open
from safetensors.torch import load_file

local_rank = 0
with safe_open("model.safetensors", framework="pt", device=0) as f:
    weights = {k: f.get_tensor(k) for k in f.keys()}
state = load_file("model.safetensors", device=local_rank)
same = load_file("model.safetensors", "cuda:1")
on_cpu = load_file("model.safetensors", device="cpu")
