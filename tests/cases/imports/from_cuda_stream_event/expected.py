import torch
import torch_npu
from torch.npu import Stream, Event

copy_stream = Stream()
done = Event()


def async_copy(cpu_tensor):
    with torch.npu.stream(copy_stream):
        dev = cpu_tensor.pin_memory().npu(non_blocking=True)
        done.record(copy_stream)
    return dev
