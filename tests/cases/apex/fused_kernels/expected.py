# apex's CUDA-only optimizers and norms (DeepLearningExamples BERT,
# mlcommons unet3d, gpt-neox): FusedLayerNorm from its defining module is
# rewritten like the package's; the others have no NPU build and are reported,
# also the functions that load the kernel at their first call (InternEvo).
import torch
import torch_npu
from torch.nn import LayerNorm as FusedLayerNorm
from apex.normalization.fused_layer_norm import mixed_dtype_fused_rms_norm_affine
from apex.optimizers import FusedLAMB, FusedNovoGrad
import apex

model = torch.nn.Sequential(torch.nn.Linear(8, 8), FusedLayerNorm(8)).npu()
if torch.npu.device_count() > 1:
    optimizer = FusedLAMB(model.parameters(), lr=1e-3)
else:
    optimizer = FusedNovoGrad(model.parameters(), lr=1e-3)
norm = apex.normalization.FusedRMSNorm(8)
