import torch
import torch_npu


def time_forward(model, x, iters=20):
    start = torch.npu.Event(enable_timing=True)
    end = torch.npu.Event(enable_timing=True)
    stream = torch.npu.default_stream()
    start.record(stream)
    for _ in range(iters):
        model(x)
    end.record(stream)
    end.synchronize()
    return start.elapsed_time(end) / iters


def run_on(stream: torch.npu.Stream, fn):
    prev = torch.npu.current_stream()
    torch.npu.set_stream(stream)
    try:
        return fn()
    finally:
        torch.npu.set_stream(prev)
