import torch
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import DataLoader, TensorDataset

device = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")
loader = DataLoader(TensorDataset(torch.randn(64, 4), torch.randint(0, 2, (64,))), batch_size=8, shuffle=True)


def train_model(model, criterion, optimizer, num_epochs=2):
    for epoch in range(num_epochs):
        for x, y in loader:
            optimizer.zero_grad()
            loss = criterion(model(x.to(device)), y.to(device))
            loss.backward()
            optimizer.step()
    return model


# Fine-tuning the head only: the model trains through its part's parameters.
model_conv = nn.Sequential()
model_conv.add_module("body", nn.Linear(4, 4))
model_conv.add_module("fc", nn.Linear(4, 2))
for param in model_conv.body.parameters():
    param.requires_grad = False
model_conv = model_conv.to(device)
optimizer_conv = optim.SGD(model_conv.fc.parameters(), lr=0.001, momentum=0.9)
model_conv = train_model(model_conv, nn.CrossEntropyLoss(), optimizer_conv)

# The parameters to train, gathered in a list first.
model_ft = nn.Sequential(nn.Linear(4, 4), nn.ReLU(), nn.Linear(4, 2)).to(device)
params_to_update = model_ft.parameters()
if True:
    params_to_update = [p for p in model_ft.parameters() if p.requires_grad]
optimizer_ft = optim.SGD(params_to_update, lr=0.001)
model_ft = train_model(model_ft, nn.CrossEntropyLoss(), optimizer_ft)
