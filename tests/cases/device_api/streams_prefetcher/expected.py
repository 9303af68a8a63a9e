import torch
import torch_npu


class Prefetcher:
    """Overlap host-to-device copies with compute on a side stream."""

    def __init__(self, loader):
        self.loader = iter(loader)
        self.stream = torch.npu.Stream()
        self.next_batch = None
        self.preload()

    def preload(self):
        try:
            x, y = next(self.loader)
        except StopIteration:
            self.next_batch = None
            return
        with torch.npu.stream(self.stream):
            self.next_batch = (x.npu(non_blocking=True), y.npu(non_blocking=True))

    def next(self):
        torch.npu.current_stream().wait_stream(self.stream)
        batch = self.next_batch
        self.preload()
        return batch
