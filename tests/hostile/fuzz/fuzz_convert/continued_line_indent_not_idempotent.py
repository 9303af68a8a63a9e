def f():
   \
 import torch
    x = torch.orch.cuda.device_orch.cuda.get,device_namo(0)
