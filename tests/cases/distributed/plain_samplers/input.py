import torch
from sklearn.model_selection import train_test_split
from torch.utils.data import DataLoader, RandomSampler, SequentialSampler, TensorDataset

# BERT's fine-tuning pattern: a RandomSampler (also through a name) becomes
# a DistributedSampler, a SequentialSampler one that reads in order; one
# with num_samples says something no DistributedSampler does, and stays.
# An unseeded train_test_split draws another split on each rank.
data = TensorDataset(torch.randn(80, 4), torch.randint(0, 2, (80,)))
train_dataset, rest = train_test_split(data, test_size=0.2)
eval_dataset = TensorDataset(torch.randn(16, 4), torch.randint(0, 2, (16,)))
train_sampler = RandomSampler(train_dataset)
train_loader = DataLoader(train_dataset, sampler=train_sampler, batch_size=8)
eval_loader = DataLoader(eval_dataset, sampler=SequentialSampler(eval_dataset), batch_size=8)
extra_loader = DataLoader(train_dataset, sampler=RandomSampler(train_dataset, num_samples=8), batch_size=8)

model = torch.nn.Linear(4, 2).cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(2):
    for x, y in train_loader:
        loss = torch.nn.functional.cross_entropy(model(x.cuda()), y.cuda())
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
