import torch
import torch_npu

sync = torch.npu.synchronize if torch.npu.is_available() else (lambda: None)
Event = torch.npu.Event
hooks = [torch.npu.empty_cache, torch.npu.reset_peak_memory_stats]


def cleanup():
    sync()
    for hook in hooks:
        hook()
    return Event(enable_timing=False)
