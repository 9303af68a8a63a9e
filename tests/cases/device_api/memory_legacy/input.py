import gc

import torch


def free_memory():
    gc.collect()
    torch.cuda.empty_cache()
    torch.cuda.ipc_collect()


def legacy_report():
    cached = torch.cuda.memory_cached() / 1e9
    max_cached = torch.cuda.max_memory_cached() / 1e9
    torch.cuda.reset_max_memory_allocated()
    return "cached %.2f GB (max %.2f GB)" % (cached, max_cached)
