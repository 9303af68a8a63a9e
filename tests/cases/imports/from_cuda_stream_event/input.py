import torch
from torch.cuda import Stream, Event

copy_stream = Stream()
done = Event()


def async_copy(cpu_tensor):
    with torch.cuda.stream(copy_stream):
        dev = cpu_tensor.pin_memory().cuda(non_blocking=True)
        done.record(copy_stream)
    return dev
