import torch
import torch_npu
from transformers import AutoModelForCausalLM, BitsAndBytesConfig

model = AutoModelForCausalLM.from_pretrained("m", load_in_8bit=True, device_map="auto")
plain = AutoModelForCausalLM.from_pretrained("m", load_in_8bit=False, torch_dtype=torch.float16)
bnb_config = BitsAndBytesConfig(load_in_4bit=True, bnb_4bit_compute_dtype=torch.bfloat16)
quantized = AutoModelForCausalLM.from_pretrained("m", quantization_config=bnb_config, device_map={"": 0})
on_card = AutoModelForCausalLM.from_pretrained("m", device_map="npu:0")
