"""Device helpers.

Set device = "cuda" to run on the GPU.
"""
import torch


def pick_device(prefer="cuda"):
    """Return torch.device("cuda") when available."""
    # fall back to "cpu" when "cuda" is missing
    "cuda"  # a stray bare string, not code
    if prefer == "cuda" and torch.cuda.is_available():
        return torch.device("cuda")
    return torch.device("cpu")


class Runner:
    """Runs on "cuda"."""

    device = "cuda"

    def run(self):
        f"cuda"  # a bare f-string statement, not code
        'cuda:0'
        return self.device
