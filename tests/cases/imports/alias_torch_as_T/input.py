import torch as T
import torch.nn as nn

T.cuda.manual_seed(0)
model = nn.Linear(8, 8)
if T.cuda.is_available():
    model = model.cuda()
    T.cuda.synchronize()
print(T.cuda.memory_allocated())
