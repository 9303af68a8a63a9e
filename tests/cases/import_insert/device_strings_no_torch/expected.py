"""Inference through a library: the file hands it device strings but imports no torch."""
from __future__ import annotations

import torch_npu
from transformers import AutoModel, pipeline

pipe = pipeline("text-generation", model="gpt2", device="npu")
model = AutoModel.from_pretrained("gpt2").to("npu:0")
DEFAULT_DEVICE = "npu"  # a constant alone would need no import
