import torch as T
import torch_npu
import torch.nn as nn

T.npu.manual_seed(0)
model = nn.Linear(8, 8)
if T.npu.is_available():
    model = model.npu()
    T.npu.synchronize()
print(T.npu.memory_allocated())
