import torch
import torch_npu
import models.npu_kernels.fused_adam
import models.npu_kernels as kernels
from models.npu_kernels import fused_gelu, fused_layer_norm
from models.npu_kernels.softmax import scaled_masked_softmax
from models import npu_kernels as cuda_kernels
from models import npu_kernels as ck
from models import heads


def build(params):
    opt = models.npu_kernels.fused_adam.FusedAdam(params, lr=1e-3)
    return opt, kernels, fused_gelu, fused_layer_norm, scaled_masked_softmax, cuda_kernels, ck, heads
