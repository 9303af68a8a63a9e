# gpt-neox's fused_layer_norm.py: a device test in front of apex's CUDA-only
# kernel, whose other branch is the torch fallback, stays a CUDA test (False
# on the NPU, so the fallback runs), as for the tree's own extensions. A
# test whose branch only goes on with a wrapper or a copy is converted.
import torch
import torch.nn.functional as F
from apex.normalization.fused_layer_norm import FusedLayerNormAffineFunction
from flash_attn import flash_attn_func


def layer_norm(x, weight, bias, eps=1e-5):
    if not x.is_cuda:
        return F.layer_norm(x, x.shape[-1:], weight, bias, eps)
    return FusedLayerNormAffineFunction.apply(x, weight, bias, x.shape[-1:], eps)


def attention(q, k, v):
    if q.is_cuda:
        return flash_attn_func(q, k, v, causal=True)
    return F.scaled_dot_product_attention(q, k, v, is_causal=True)


def prepare(model, data):
    if next(model.parameters()).is_cuda:
        data = flash_attn_func(data, data, data)
    return data
