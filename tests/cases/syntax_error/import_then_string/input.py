# a syntax error runs on after the import on its line: torch_npu goes on a
# line before it, as a line after it would fall inside the string
import os

import torch"""
x = 1
"""
model = torch.nn.Linear(2, 2).cuda()
