import importlib

import torch

fa = importlib.import_module("flash_attn")
ops = __import__("xformers.ops")
try:
    bnb = importlib.import_module(name="bitsandbytes")
except ImportError:
    bnb = None
spec = importlib.util.find_spec("flash_attn")
other = importlib.import_module("numpy")
