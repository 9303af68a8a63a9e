import torch
import torch_npu


def sync_if_possible(torch):
    # `torch` here is whatever backend object the caller passes in
    if torch.cuda.is_available():
        torch.cuda.synchronize()


def sync_real():
    if torch.npu.is_available():
        torch.npu.synchronize()


sync_if_possible(torch)
sync_real()
