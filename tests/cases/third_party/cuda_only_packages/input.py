import torch
import flash_attn
from flash_attn.flash_attn_interface import flash_attn_varlen_func
import xformers, cupy as cp
from nvdiffrast import torch as dr
import nvdiffrast.torch
import nvdiffrast
import flash_attn_extra
from mypkg import flash_attn
try:
    import xformers.ops as xops
    HAS_XFORMERS = True
except ImportError:
    HAS_XFORMERS = False
try:
    import tinycudann as tcnn
except (ModuleNotFoundError, OSError):
    tcnn = None
try:
    import pycuda.autoinit
except:
    pass
try:
    import bitsandbytes as bnb
finally:
    pass


def f():
    from flash_attn import flash_attn_func
    return flash_attn_func
