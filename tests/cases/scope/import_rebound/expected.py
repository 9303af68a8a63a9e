# pytorch/examples word_language_model: the module `model` is rebound to an
# instance of a class it defines, whose .cuda() moves it to the card.
import torch
import torch_npu

import model
import utils

model = model.RNNModel("LSTM", 10, 8, 8, 2)
model.npu()
batch = utils.cuda(torch.zeros(2))  # a function of the module utils: left alone
