# EDM turns TF32 off for full FP32 training: the NPU reads switches of its
# own (HF32), so each assignment gets precision advice, and so does the API
# that sets matmul TF32; a read gets none
import torch
from torch.backends import cudnn

torch.backends.cudnn.allow_tf32 = False
torch.backends.cuda.matmul.allow_tf32 = False
cudnn.allow_tf32 = True
torch.set_float32_matmul_precision("high")
print(torch.backends.cudnn.allow_tf32)
