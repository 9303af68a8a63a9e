"""QLoRA-style loading: the device map spells out the card, and no torch import."""
from transformers import AutoModelForCausalLM, AutoTokenizer

model = AutoModelForCausalLM.from_pretrained("m", device_map={"": "cuda"})
tokenizer = AutoTokenizer.from_pretrained("m", device_map={"": "cuda:0"})
split = AutoModelForCausalLM.from_pretrained("m", device_map={"model.embed_tokens": "cuda", "lm_head": "cpu"})
lexers = {"cu": "cuda"}  # no name says device: stays
