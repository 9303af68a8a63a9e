import torch

cuda = torch.cuda.is_available()
device = torch.device("cuda" if cuda else "cpu")


def run(model, x, cuda=cuda):
    if cuda:
        x = x.cuda()
    return model(x)
