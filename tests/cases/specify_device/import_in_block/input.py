import sys

# the setup goes after the torch import, inside the block that uses the device
if sys.platform != "win32":
    import torch
    x = torch.zeros(1).to("cuda:0")

# an import guard that only imports: the setup may follow it
try:
    import numpy
    HAS_NUMPY = True
except ImportError:
    numpy = None
