import torch_npu
from torch.nn import LayerNorm as FusedLayerNorm