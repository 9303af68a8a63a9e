import torch


def main():
    # A single-card script that names its device index rank: nothing here
    # runs once per rank, so DEVICE_ID picks the card.
    rank = 0
    torch.cuda.set_device(rank)
    model = torch.nn.Linear(4, 2).cuda(rank)
    print(model(torch.randn(1, 4).cuda(rank)))


if __name__ == "__main__":
    main()
