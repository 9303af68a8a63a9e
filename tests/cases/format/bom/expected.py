import torch
import torch_npu

x = torch.ones(4).npu()
print(x.device, torch.npu.current_device())
