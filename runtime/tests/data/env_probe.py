"""Print, as one JSON line, what a script sees of its run: argv, working directory and first random numbers."""
import json
import os
import random
import sys

import numpy
import torch

import leftover_helper

print(json.dumps({"argv": sys.argv, "cwd": os.getcwd(), "name": __name__,
                  "sibling": leftover_helper.__name__, "random": random.random(),
                  "numpy": float(numpy.random.rand()), "torch": torch.rand(1).item()}))
