import torch

# Two devices named in a list: the script uses both, so -s keeps the numbers.
devices = ["cuda:0", "cuda:1"]
x = torch.zeros(1).to(devices[0])
if str(x.device) == "cuda:0":
    print("on the first device")
