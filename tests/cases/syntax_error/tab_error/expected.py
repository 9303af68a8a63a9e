# A tab in a block of spaces: Python rejects the file (a TabError)
# though the grammar counts a tab as eight spaces.
import torch
import torch_npu


def train(model):
    if torch.npu.is_available():
        model.npu()
	model.eval()
    return model


class Net(torch.nn.Module):
	def forward(self, x):
		return x.cuda()
