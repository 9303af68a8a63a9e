# saves into a temporary file or an in-memory buffer stay on every rank:
# each rank writes its own and reads it back
import io
import tempfile

import torch

model = torch.nn.Linear(2, 2).cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for step in range(2):
    opt.zero_grad()
    model(torch.randn(1, 2).cuda()).sum().backward()
    opt.step()
buf = io.BytesIO()
torch.save(model.state_dict(), buf)
buf.seek(0)
model.load_state_dict(torch.load(buf))
with tempfile.NamedTemporaryFile() as f:
    torch.save(model.state_dict(), f.name)
    model.load_state_dict(torch.load(f.name))
