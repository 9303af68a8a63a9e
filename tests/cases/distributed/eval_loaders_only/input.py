# deep-text-recognition-benchmark's train.py in brief: the training batches
# come from another file's loader (get_batch()); MAIN builds only the
# validation loader.
import torch
import torch.nn as nn
from dataset import BatchSource

train_dataset = BatchSource()
valid_dataset = torch.utils.data.TensorDataset(torch.randn(16, 4), torch.randint(0, 2, (16,)))
valid_loader = torch.utils.data.DataLoader(valid_dataset, batch_size=8)
model = nn.Linear(4, 2).cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for i in range(16):
    x, y = train_dataset.get_batch()
    loss = nn.functional.cross_entropy(model(x.cuda()), y.cuda())
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
