# the training runs in the model object's own methods: nothing to wrap in MAIN, a WARNING says so
import torch


class Pix2PixModel:
    def __init__(self):
        self.netG = torch.nn.Linear(4, 1).cuda()
        self.optimizer_G = torch.optim.SGD(self.netG.parameters(), lr=0.1)

    def optimize_parameters(self, x):
        self.optimizer_G.zero_grad()
        self.netG(x).pow(2).mean().backward()
        self.optimizer_G.step()


model = Pix2PixModel()
for epoch in range(3):
    model.optimize_parameters(torch.randn(8, 4).cuda())
