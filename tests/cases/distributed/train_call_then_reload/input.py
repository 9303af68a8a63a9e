import torch
from torch import optim


def step(x, encoder, encoder_optimizer):
    encoder_optimizer.zero_grad()
    encoder(x).sum().backward()
    encoder_optimizer.step()


def trainIters(encoder, n_iters):
    encoder_optimizer = optim.SGD(encoder.parameters(), lr=0.01)
    for it in range(n_iters):
        step(torch.randn(4, 2).cuda(), encoder, encoder_optimizer)


encoder1 = torch.nn.Linear(2, 1).cuda()
# trainIters trains encoder1 (through step): the wrap comes before it, not
# after the reload below, which the last assignment is
trainIters(encoder1, 10)
torch.save(encoder1.state_dict(), 'encoder.pt')
encoder1 = torch.nn.Linear(2, 1).cuda()
encoder1.load_state_dict(torch.load('encoder.pt'))
print(encoder1(torch.randn(1, 2).cuda()))
