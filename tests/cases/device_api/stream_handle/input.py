import torch

# The raw stream handle that a CUDA library takes is npu_stream on the NPU.
stream = torch.cuda.current_stream()
handle = stream.cuda_stream
ext_handle = torch.cuda.Stream().cuda_stream


class Launcher:
    def __init__(self):
        self.cuda_stream = 0  # the file's own field stays

    def run(self):
        return self.cuda_stream
