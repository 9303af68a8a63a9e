"""A demo that imports no torch: the device string goes to a library
through a name, so torch_npu must be loaded for torch to know "npu"."""
import torch_npu
from segment_anything import sam_model_registry

device = "npu"
sam = sam_model_registry["vit_h"](checkpoint="sam_vit_h.pth")
sam.to(device=device)
