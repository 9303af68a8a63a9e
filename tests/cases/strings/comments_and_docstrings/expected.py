"""Device helpers.

Set device = "cuda" to run on the GPU.
"""
import torch
import torch_npu


def pick_device(prefer="npu"):
    """Return torch.device("cuda") when available."""
    # fall back to "cpu" when "cuda" is missing
    "cuda"  # a stray bare string, not code
    if prefer == "npu" and torch.npu.is_available():
        return torch.device("npu")
    return torch.device("cpu")


class Runner:
    """Runs on "cuda"."""

    device = "npu"

    def run(self):
        f"cuda"  # a bare f-string statement, not code
        'cuda:0'
        return self.device
