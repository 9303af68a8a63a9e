import importlib
from typing import Optional
from unittest import mock

import torch
import torch_npu

# a string that is exactly a torch.cuda name converts as the name would:
# the mock patches what the converted code calls
with mock.patch("torch.npu.device_count", return_value=2), mock.patch("torch.npu.is_available", return_value=True):
    pass
module = importlib.import_module("torch.npu")
graph_class = "torch.npu.NPUGraph"


def wait(stream: Optional["torch.npu.Stream"] = None):
    return stream


# a member with no NPU equivalent, other names and prose stay
marker = "torch.cuda.nvtx.range_push"
others = ["torch.cudax.y", "mytorch.cuda.y", "see torch.cuda.amp"]
