# A name that holds a device or a string elsewhere ("cpu"), assigned
# torch.cuda.current_device(), an integer: its readers take it for a device
# (minGPT's trainer), so the index becomes a device string where it is
# assigned. A name that only ever holds the index stays an integer.
import torch


class Trainer:
    def __init__(self, model):
        self.model = model
        self.device = "cpu"
        if torch.cuda.is_available():
            self.device = torch.cuda.current_device()
            self.model = torch.nn.DataParallel(self.model).to(self.device)

    def step(self, x):
        return self.model(x.to(self.device))


dev = torch.cuda.current_device() if torch.cuda.is_available() else "cpu"
index = torch.cuda.current_device()
print(torch.zeros(1).to(dev), index)
