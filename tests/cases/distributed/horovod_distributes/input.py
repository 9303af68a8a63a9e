# Horovod distributes the training itself under horovodrun (DistributedOptimizer
# averages the gradients): a process group and a DDP wrap of our own would
# fail to start there, or average twice.
import torch
import torch.nn as nn
import horovod.torch as hvd

hvd.init()
torch.cuda.set_device(hvd.local_rank())
model = nn.Linear(2, 2).cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
opt = hvd.DistributedOptimizer(opt, named_parameters=model.named_parameters())
hvd.broadcast_parameters(model.state_dict(), root_rank=0)
for epoch in range(2):
    loss = model(torch.randn(4, 2).cuda()).sum()
    opt.zero_grad(); loss.backward(); opt.step()
