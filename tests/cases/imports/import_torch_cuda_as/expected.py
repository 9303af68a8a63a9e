import torch
import torch_npu
import torch.npu as tc


def sync_and_free():
    tc.synchronize()
    tc.empty_cache()
    return tc.memory_allocated()
