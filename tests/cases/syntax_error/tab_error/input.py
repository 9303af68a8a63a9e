# A tab in a block of spaces: Python rejects the file (a TabError)
# though the grammar counts a tab as eight spaces.
import torch


def train(model):
    if torch.cuda.is_available():
        model.cuda()
	model.eval()
    return model


class Net(torch.nn.Module):
	def forward(self, x):
		return x.cuda()
