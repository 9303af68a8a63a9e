from torch import nn, cuda


class Head(nn.Module):
    def __init__(self, dim, classes):
        super().__init__()
        self.fc = nn.Linear(dim, classes)

    def forward(self, x):
        return self.fc(x)


head = Head(128, 10)
if cuda.is_available():
    head = head.cuda()
