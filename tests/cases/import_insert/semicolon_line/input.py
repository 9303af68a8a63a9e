"""Timing helper."""
import time
import torch; torch.cuda.synchronize()

t0 = time.time()
