import torch
import models.cuda_kernels.fused_adam
import models.cuda_kernels as kernels
from models.cuda_kernels import fused_gelu, fused_layer_norm
from models.cuda_kernels.softmax import scaled_masked_softmax
from models import cuda_kernels
from models import cuda_kernels as ck
from models import heads


def build(params):
    opt = models.cuda_kernels.fused_adam.FusedAdam(params, lr=1e-3)
    return opt, kernels, fused_gelu, fused_layer_norm, scaled_masked_softmax, cuda_kernels, ck, heads
