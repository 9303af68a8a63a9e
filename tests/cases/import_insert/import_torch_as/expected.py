import numpy as np
import torch as th
import torch_npu

th.manual_seed(0)
th.npu.manual_seed(0)
np.random.seed(0)
weights = th.from_numpy(np.ones((4, 4), dtype=np.float32)).npu()
print(weights.sum().item())
