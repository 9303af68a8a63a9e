# an early stopper of another file saves the best model for MAIN to load
# back: it gets the module itself, so that checkpoint has no 'module.' keys
# and fits MAIN's load into model.module; a WARNING says that it saves on
# every rank
import torch
import torch.nn as nn
from utils import EarlyStopping

model = nn.Linear(4, 1).cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
stopper = EarlyStopping(patience=5)
for epoch in range(3):
    loss = model(torch.randn(16, 4).cuda()).pow(2).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    if stopper.step(-loss.item(), model):
        break
model.load_state_dict(torch.load("es_checkpoint.pt"))
