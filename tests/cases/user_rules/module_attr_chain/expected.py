import torch
import torch_npu
import models as M
import models.npu_kernels
from models import npu_kernels as cuda_kernels


class Block(torch.nn.Module):
    def forward(self, x):
        x = M.npu_kernels.fused_gelu(x)
        y = models.npu_kernels.softmax.scaled_masked_softmax(x, None, 1.0)
        z = cuda_kernels.fused_layer_norm(y)  # bound by the from-import: stays
        return M.heads.linear(z).npu()


def kernels_module():
    return M.npu_kernels
