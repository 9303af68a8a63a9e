import logging

import torch

log = logging.getLogger("mem")


def log_memory(tag, device=None):
    alloc = torch.cuda.memory_allocated(device) / 2**20
    peak = torch.cuda.max_memory_allocated(device) / 2**20
    reserved = torch.cuda.memory_reserved(device) / 2**20
    peak_reserved = torch.cuda.max_memory_reserved(device) / 2**20
    log.info("%s alloc=%.1fMiB peak=%.1fMiB reserved=%.1f/%.1fMiB", tag, alloc, peak, reserved, peak_reserved)


def reset_memory(device=None):
    torch.cuda.empty_cache()
    torch.cuda.reset_peak_memory_stats(device)


def dump(device=None):
    free, total = torch.cuda.mem_get_info(device)
    print(torch.cuda.memory_summary(device, abbreviated=True))
    return torch.cuda.memory_stats(device), free, total
