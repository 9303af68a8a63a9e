# The grammar takes the dedent of "return" for one level and reads it at
# module level; Python rejects the file (an IndentationError).
import torch


def train(model):
    if torch.cuda.is_available():
            model.cuda()
      return model


def evaluate(model):
    model.cuda()
