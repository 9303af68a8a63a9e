import torch
import torch_npu
import os
npu_device_id = int(os.environ.get("DEVICE_ID", "0"))
torch.npu.set_device(npu_device_id)


def main():
    # A single-card script that names its device index rank: nothing here
    # runs once per rank, so DEVICE_ID picks the card.
    rank = 0
    torch.npu.set_device(npu_device_id)
    model = torch.nn.Linear(4, 2).npu(npu_device_id)
    print(model(torch.randn(1, 4).npu(npu_device_id)))


if __name__ == "__main__":
    main()
