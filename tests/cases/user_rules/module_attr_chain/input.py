import torch
import models as M
import models.cuda_kernels
from models import cuda_kernels


class Block(torch.nn.Module):
    def forward(self, x):
        x = M.cuda_kernels.fused_gelu(x)
        y = models.cuda_kernels.softmax.scaled_masked_softmax(x, None, 1.0)
        z = cuda_kernels.fused_layer_norm(y)  # bound by the from-import: stays
        return M.heads.linear(z).cuda()


def kernels_module():
    return M.cuda_kernels
