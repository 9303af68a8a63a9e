import glob
import os
from pathlib import Path

from setuptools import Extension

import torch

here = os.path.dirname(os.path.abspath(__file__))
# a folder named cuda is no device: paths stay
kernels = glob.glob(os.path.join(here, "csrc", "cuda", "*.cu"))
include = Path("cuda")
os.makedirs(os.path.join("build", "cuda"), exist_ok=True)
# libraries to link are no devices or backends
ext = Extension("ext", ["ext.cpp"], libraries=["cuda", "nvrtc", "nccl"], include_dirs=[os.path.join(here, "cuda")])
# a device is converted as before
device = torch.device("cuda")
