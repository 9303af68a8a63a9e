import torch


def time_forward(model, x, iters=20):
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    stream = torch.cuda.default_stream()
    start.record(stream)
    for _ in range(iters):
        model(x)
    end.record(stream)
    end.synchronize()
    return start.elapsed_time(end) / iters


def run_on(stream: torch.cuda.Stream, fn):
    prev = torch.cuda.current_stream()
    torch.cuda.set_stream(stream)
    try:
        return fn()
    finally:
        torch.cuda.set_stream(prev)
