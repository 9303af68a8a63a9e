import torch
import torch_npu
from transformers import AutoModelForCausalLM


def load(path, load_8bit=False, load_4bit=False):
    kwargs = {"device_map": "auto"}
    if load_8bit:
        kwargs['load_in_8bit'] = True
    elif load_4bit:
        kwargs.update(dict(load_in_4bit=True))
    return AutoModelForCausalLM.from_pretrained(path, **kwargs)


def load_half(path):
    kwargs = {"device_map": "auto"}
    kwargs["torch_dtype"] = torch.float16
    return AutoModelForCausalLM.from_pretrained(path, **kwargs)


def load_pretrained_model(path, load_8bit=False, **kwargs):
    # LLaVA's builder: the **kwargs parameter gets the key
    if load_8bit:
        kwargs["load_in_8bit"] = True
    return AutoModelForCausalLM.from_pretrained(path, low_cpu_mem_usage=True, **kwargs)
