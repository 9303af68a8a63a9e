# -*- coding: latin-1 -*-
# résumé of the run (Latin-1 file)
import torch

model = torch.nn.Linear(2, 2).cuda()
label = "café"
device = "cuda"
