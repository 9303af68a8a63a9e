"""a-PyTorch-Tutorial-to-Image-Captioning's train.py: the encoder's optimizer
exists only when it is fine-tuned; frozen, it has nothing to train and DDP
refuses the wrap: a WARNING."""
import torch
import torch.nn as nn

fine_tune = False
enc = nn.Linear(4, 4).cuda()
dec = nn.Linear(4, 2).cuda()
for p in enc.parameters():
    p.requires_grad = fine_tune
enc_opt = torch.optim.Adam(enc.parameters()) if fine_tune else None
dec_opt = torch.optim.Adam(dec.parameters())
ds = torch.utils.data.TensorDataset(torch.randn(16, 4), torch.randn(16, 2))
loader = torch.utils.data.DataLoader(ds, batch_size=4, shuffle=True)
for epoch in range(2):
    for x, y in loader:
        loss = nn.functional.mse_loss(dec(enc(x.cuda())), y.cuda())
        dec_opt.zero_grad()
        loss.backward()
        dec_opt.step()
        if enc_opt is not None:
            enc_opt.step()
