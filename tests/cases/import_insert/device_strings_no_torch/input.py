"""Inference through a library: the file hands it device strings but imports no torch."""
from __future__ import annotations

from transformers import AutoModel, pipeline

pipe = pipeline("text-generation", model="gpt2", device="cuda")
model = AutoModel.from_pretrained("gpt2").to("cuda:0")
DEFAULT_DEVICE = "cuda"  # a constant alone would need no import
