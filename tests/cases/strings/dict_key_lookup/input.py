import json
import os

import torch

# keys as read from config.json: lookups by "cuda" stay
config = json.loads('{"cuda": true, "gpu": 0}')
if config["cuda"] and "cuda" in config and torch.cuda.is_available():
    device = torch.device("cuda:" + str(config["gpu"]))
else:
    device = torch.device("cpu")


def build(**kwargs):
    use = kwargs.get("cuda", False) or kwargs.pop("cuda", None)
    kwargs.setdefault("cuda", True)
    # a substring test on a device string converts
    if "cuda" in str(device):
        torch.cuda.synchronize()
    os.environ["CUDA_VISIBLE_DEVICES"] = "0"
    return use, os.environ.get("CUDA_VISIBLE_DEVICES")


# a dict literal whose "cuda:0" key converts: lookups by it convert along
DTYPES = {"cuda:0": torch.float16, "cpu": torch.float32}
dtype = DTYPES["cuda:0"] if "cuda:0" in DTYPES else DTYPES.get("cpu")

# a key the file sets converts, and so do its lookups
features = {}
features["cuda"] = {"nccl", "gloo"}
backends = features["cuda"]

# a table of another module: its keys convert there, so lookups convert here
from dist_cases import DistCases

assert "nccl" in DistCases.backend_feature["cuda"]


class PipelineHelper:  # ParlAI's: the keys are made in a loop, one per device
    def __init__(self):
        self.allocations = {}
        for i in range(torch.cuda.device_count()):
            self.allocations[f"cuda:{i}"] = 0

    def first(self):
        self.allocations["cuda:0"] += 1
        return self.allocations["cuda"] if "cuda" in self.allocations else None  # no key made as "cuda"
