import torch
import torch_npu


# "npu:0" is one character shorter than "cuda:0": these slices need a hand.
class Brain:
    def __init__(self, device="npu:0"):
        self.device = device
        if "npu" in self.device and int(self.device[5:]) > 0:
            torch.npu.set_device(int(self.device[5:]))
        self.on_gpu = self.device[:4] == "npu"
        self.name = self.device[:2]  # no device slice


header = b"CUDA0"[:4]
