import torch
from torch import optim

device = torch.device("cuda")


def weights_init(m):
    if isinstance(m, torch.nn.Linear):
        torch.nn.init.zeros_(m.bias)


def step(x, encoder, decoder, encoder_optimizer, decoder_optimizer):
    encoder_optimizer.zero_grad()
    decoder_optimizer.zero_grad()
    loss = decoder(encoder(x)).sum()
    loss.backward()
    encoder_optimizer.step()
    decoder_optimizer.step()
    return loss.item()


# Training two calls deep: trainIters holds "init" across its words but
# trains (through step), so the wraps come before it, not before the save.
def trainIters(encoder, decoder, n_iters):
    encoder_optimizer = optim.SGD(encoder.parameters(), lr=0.01)
    decoder_optimizer = optim.SGD(decoder.parameters(), lr=0.01)
    for it in range(n_iters):
        step(torch.randn(4, 2, device=device), encoder, decoder, encoder_optimizer, decoder_optimizer)


# A preparation by its name, the init word ending it: before the wrap.
def reinit(model):
    model.apply(weights_init)


encoder1 = torch.nn.Linear(2, 3).to(device)
reinit(encoder1)
attn_decoder1 = torch.nn.Linear(3, 1).to(device)
trainIters(encoder1, attn_decoder1, 10)
torch.save(encoder1.state_dict(), 'encoder.pt')
torch.save(attn_decoder1.state_dict(), 'decoder.pt')
