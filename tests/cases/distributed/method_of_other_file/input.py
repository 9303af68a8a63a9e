import torch
from torch import nn

from model import CharRNN

# The model's class is in another file: a method given inputs may run its
# layers (step), one named for making state does not (init_hidden)
decoder = CharRNN(32, 64).cuda()
optimizer = torch.optim.Adam(decoder.parameters(), lr=0.01)
for epoch in range(2):
    hidden = decoder.init_hidden(8)
    output, hidden = decoder(torch.randint(0, 32, (8, 1)).cuda(), hidden)
    loss = nn.functional.cross_entropy(output.view(8, -1), torch.randint(0, 32, (8,)).cuda())
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
