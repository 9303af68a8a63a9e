import torch
import torch_npu
import torch.nn as nn
from torch import optim


class Head(nn.Module):
    def __init__(self, dim, vocab):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.proj = nn.Linear(dim, vocab)

    def forward(self, ids, bias):
        h = self.embed(ids)
        scores = torch.matmul(h, h.transpose(1, 2))
        scores = torch.baddbmm(bias, h, h.transpose(1, 2))
        return self.proj(h.reshape(-1, h.shape[-1])), scores


def make_optimizer(model):
    return optim.AdamW(model.parameters(), lr=1e-3)
