"""Timing helper."""
import time
import torch; import torch_npu; torch.npu.synchronize()

t0 = time.time()
