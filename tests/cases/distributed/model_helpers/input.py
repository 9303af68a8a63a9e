import torch
from torch.utils.data import DataLoader, TensorDataset

from evaluate import eval_net
from torchrl.modules import ValueOperator
from utils import load_checkpoint, save_checkpoint


def initialize_weights(model):
    for m in model.modules():
        if isinstance(m, torch.nn.Linear):
            torch.nn.init.normal_(m.weight, 0.0, 0.02)


def report(net, epoch):
    # net may be the wrapper or the plain module here; inside an f-string too
    print(f'epoch {epoch}: {net.out_features} outputs, last layer {list(net.children())[-1]}')
    # another file's code, given the wrapper from here (Pytorch-UNet's eval_net reads net.n_classes)
    print(eval_net(net, loader))


loader = DataLoader(TensorDataset(torch.randn(32, 4)), batch_size=8, shuffle=True)
net = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.Linear(4, 1)).cuda()
optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
initialize_weights(net)  # before the wrap: DDP copies rank 0's weights
load_checkpoint("ck.pth", net, optimizer)  # a single-card checkpoint: before the wrap too
for epoch in range(3):
    for (x,) in loader:
        optimizer.zero_grad()
        net(x.cuda()).sum().backward()
        optimizer.step()
    report(net, epoch)
    last = list(net.children())[-1]  # the layers: through .module
    save_checkpoint(net, optimizer, "ck.pth")  # saves the module's keys
    critic = ValueOperator(module=net, in_keys=["x"])  # torchrl is not torch: its code gets the wrapper
