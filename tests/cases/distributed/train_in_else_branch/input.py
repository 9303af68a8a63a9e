# IBM/pytorch-seq2seq's sample.py in brief: one branch loads a trained model,
# the other builds and trains one: the wrap goes in the branch that trains,
# before its loop, not after the whole if/else.
import sys
import torch

data = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(8)]
if len(sys.argv) > 1:
    model = torch.load(sys.argv[1])
else:
    model = torch.nn.Linear(4, 1).cuda()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for x, y in data:
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(x.cuda()), y.cuda()).backward()
        optimizer.step()
print(model(torch.randn(2, 4).cuda()))
