import torch
import pytorch_lightning as pl


class LitClassifier(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(4, 2)

    def forward(self, x):
        return self.net(x)

    def move(self):
        self.cuda()


class LitChild(LitClassifier):
    pass


model = LitClassifier.load_from_checkpoint("best.ckpt")
model.cuda()
model.eval()
x = torch.randn(8, 4).to(model.device)
print(model(x))
child = LitChild()
child.cuda(0)
LitChild().cuda()
net = torch.nn.Linear(4, 2)
net.cuda()
