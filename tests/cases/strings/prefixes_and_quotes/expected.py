import torch
import torch_npu

DEFAULT = u"npu"
PRIMARY = r'npu:0'
SECONDARY = R"npu:1"
BACKEND = '''hccl'''


def setup():
    x = torch.ones(2, device=DEFAULT)
    y = torch.ones(2, device=PRIMARY)
    return x, y, SECONDARY, BACKEND
