import numpy as np
import torch as th

th.manual_seed(0)
th.cuda.manual_seed(0)
np.random.seed(0)
weights = th.from_numpy(np.ones((4, 4), dtype=np.float32)).cuda()
print(weights.sum().item())
