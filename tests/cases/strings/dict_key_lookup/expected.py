import json
import os

import torch
import torch_npu

# keys as read from config.json: lookups by "cuda" stay
config = json.loads('{"cuda": true, "gpu": 0}')
if config["cuda"] and "cuda" in config and torch.npu.is_available():
    device = torch.device("npu:" + str(config["gpu"]))
else:
    device = torch.device("cpu")


def build(**kwargs):
    use = kwargs.get("cuda", False) or kwargs.pop("cuda", None)
    kwargs.setdefault("cuda", True)
    # a substring test on a device string converts
    if "npu" in str(device):
        torch.npu.synchronize()
    os.environ["ASCEND_RT_VISIBLE_DEVICES"] = "0"
    return use, os.environ.get("ASCEND_RT_VISIBLE_DEVICES")


# a dict literal whose "cuda:0" key converts: lookups by it convert along
DTYPES = {"npu:0": torch.float16, "cpu": torch.float32}
dtype = DTYPES["npu:0"] if "npu:0" in DTYPES else DTYPES.get("cpu")

# a key the file sets converts, and so do its lookups
features = {}
features["npu"] = {"hccl", "gloo"}
backends = features["npu"]

# a table of another module: its keys convert there, so lookups convert here
from dist_cases import DistCases

assert "hccl" in DistCases.backend_feature["npu"]


class PipelineHelper:  # ParlAI's: the keys are made in a loop, one per device
    def __init__(self):
        self.allocations = {}
        for i in range(torch.npu.device_count()):
            self.allocations[f"npu:{i}"] = 0

    def first(self):
        self.allocations["npu:0"] += 1
        return self.allocations["cuda"] if "cuda" in self.allocations else None  # no key made as "cuda"
