# The grammar takes the dedent of "return" for one level and reads it at
# module level; Python rejects the file (an IndentationError).
import torch
import torch_npu


def train(model):
    if torch.npu.is_available():
            model.npu()
      return model


def evaluate(model):
    model.cuda()
