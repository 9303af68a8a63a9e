import torch


def train_step(model, x, y, optimizer):
    x = x.cuda(non_blocking=True)
    loss = torch.nn.functional.cross_entropy(model(x), y))
    loss.backward()
    return loss


def save(model, path):
    torch.cuda.synchronize()
    torch.save(model.state_dict(), path, _use_new_zipfile_serialization=True)
    return torch.device("cuda:0")
