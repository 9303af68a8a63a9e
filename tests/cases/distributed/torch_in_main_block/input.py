# torch is imported in the main block only: the setup goes there, after it
if __name__ == "__main__":
    import torch
    model = torch.nn.Linear(4, 1).cuda()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(2):
        loss = model(torch.randn(8, 4).cuda()).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
