import torch
import torch.nn as nn


class Metric(nn.Module):
    def forward(self, a, b):
        d = torch.cdist(a, b)
        std, mean = torch.std_mean(d, dim=1)
        logits = torch.matmul(a, b.t())
        t = torch.zeros(3)
        t.index_put_((torch.tensor([0]),), torch.tensor(1.0))
        return torch.frobnicate(d), std, mean, logits
