import os
import torch
import torch_npu


def main():
    device = torch.device("npu:0")
    model = torch.nn.Linear(4, 2).npu()
    x = torch.randn(3, 4, device=device)
    torch.npu.synchronize()
    print(model(x), os.getpid())


if __name__ == "__main__":
    main()
