# A MAIN that only runs its model for inference: its parameters frozen and
# every call under torch.no_grad(), no optimizer, no backward (ESRGAN's
# test.py). DistributedDataParallel refuses a model with nothing to train, so
# the model is not wrapped (a WARNING says why); the loader is still shared out.
import torch
import torch.nn as nn


def main():
    model = nn.Linear(4, 2)
    model.load_state_dict(torch.load("weights.pth", map_location="cpu"))
    model.eval()
    for _, v in model.named_parameters():
        v.requires_grad = False
    model = model.cuda()
    loader = torch.utils.data.DataLoader(torch.randn(8, 4), batch_size=2)
    with torch.no_grad():
        for x in loader:
            print(model(x.cuda()).argmax(1))


if __name__ == "__main__":
    main()
