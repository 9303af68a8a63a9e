import gc

import torch
import torch_npu


def free_memory():
    gc.collect()
    torch.npu.empty_cache()
    torch.npu.ipc_collect()


def legacy_report():
    cached = torch.npu.memory_cached() / 1e9
    max_cached = torch.npu.max_memory_cached() / 1e9
    torch.npu.reset_max_memory_allocated()
    return "cached %.2f GB (max %.2f GB)" % (cached, max_cached)
