import logging

import torch
import torch_npu

log = logging.getLogger("mem")


def log_memory(tag, device=None):
    alloc = torch.npu.memory_allocated(device) / 2**20
    peak = torch.npu.max_memory_allocated(device) / 2**20
    reserved = torch.npu.memory_reserved(device) / 2**20
    peak_reserved = torch.npu.max_memory_reserved(device) / 2**20
    log.info("%s alloc=%.1fMiB peak=%.1fMiB reserved=%.1f/%.1fMiB", tag, alloc, peak, reserved, peak_reserved)


def reset_memory(device=None):
    torch.npu.empty_cache()
    torch.npu.reset_peak_memory_stats(device)


def dump(device=None):
    free, total = torch.npu.mem_get_info(device)
    print(torch.npu.memory_summary(device, abbreviated=True))
    return torch.npu.memory_stats(device), free, total
