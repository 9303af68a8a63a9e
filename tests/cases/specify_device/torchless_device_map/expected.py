"""A device map built apart from the call that takes it (its name says no
device, the keyword it is passed as does), in a file that
imports no torch (a LLaVA-style loader): -s writes `import torch` above its
DEVICE_ID line, and converting the output again leaves it as it is."""
from transformers import AutoModelForCausalLM
import os
import torch
import torch_npu
npu_device_id = int(os.environ.get("DEVICE_ID", "0"))
torch.npu.set_device(npu_device_id)

dm = {"": "npu"}
model = AutoModelForCausalLM.from_pretrained("llava", device_map=dm)
head = AutoModelForCausalLM.from_pretrained("head", device_map={"model": "npu", "lm_head": "cpu"})
builds = ["cuda", "cpu"]  # no name says device: in a file without torch, not one
