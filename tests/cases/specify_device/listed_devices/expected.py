import torch
import torch_npu

# Two devices named in a list: the script uses both, so -s keeps the numbers.
devices = ["npu:0", "npu:1"]
x = torch.zeros(1).to(devices[0])
if str(x.device) == "npu:0":
    print("on the first device")
