import numpy as np
import torch
import torch_npu
from mpi4py import MPI


def mpi_avg_grads(module, comm):
    for p in module.parameters():
        g = p.grad.cpu().numpy()
        avg = np.zeros_like(g)
        comm.Allreduce(g, avg, op=MPI.SUM)
        p.grad.copy_(torch.as_tensor(avg / comm.Get_size()))


def train():
    comm = MPI.COMM_WORLD
    model = torch.nn.Linear(4, 2).npu()
    opt = torch.optim.Adam(model.parameters())
    for step in range(10):
        loss = model(torch.randn(8, 4).npu()).sum()
        opt.zero_grad()
        loss.backward()
        mpi_avg_grads(model, comm)
        opt.step()


if __name__ == "__main__":
    train()
