import torch
import torch_npu
<<<<<<< HEAD
x = torch.zeros(1).npu()
=======
x = torch.zeros(1).npu(0)
>>>>>>> abc
y = x.npu()
