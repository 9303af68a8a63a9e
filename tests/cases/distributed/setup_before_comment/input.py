# makemore: the setup goes above the comment lines of the main block's first
# statement, so that they stay with the statement they describe
import torch
import argparse

if __name__ == "__main__":

    # parse command line args
    # (two lines)
    parser = argparse.ArgumentParser()
    model = torch.nn.Linear(2, 2).cuda()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for i in range(2):
        model(torch.randn(2, 2).cuda()).sum().backward()
        opt.step()
