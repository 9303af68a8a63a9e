"""QLoRA-style loading: the device map spells out the card, and no torch import."""
import torch_npu
from transformers import AutoModelForCausalLM, AutoTokenizer

model = AutoModelForCausalLM.from_pretrained("m", device_map={"": "npu"})
tokenizer = AutoTokenizer.from_pretrained("m", device_map={"": "npu:0"})
split = AutoModelForCausalLM.from_pretrained("m", device_map={"model.embed_tokens": "npu", "lm_head": "cpu"})
lexers = {"cu": "cuda"}  # no name says device: stays
