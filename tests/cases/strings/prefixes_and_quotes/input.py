import torch

DEFAULT = u"cuda"
PRIMARY = r'cuda:0'
SECONDARY = R"cuda:1"
BACKEND = '''nccl'''


def setup():
    x = torch.ones(2, device=DEFAULT)
    y = torch.ones(2, device=PRIMARY)
    return x, y, SECONDARY, BACKEND
