import torch
import torch_npu

cuda = torch.npu.is_available()
device = torch.device("npu" if cuda else "cpu")


def run(model, x, cuda=cuda):
    if cuda:
        x = x.npu()
    return model(x)
