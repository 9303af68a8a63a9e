import torch
import torch.multiprocessing as mp

# No torch API, so no UNKNOWN row: the standard library's multiprocessing
# through torch.multiprocessing, and the methods of a plain value.
major, minor = torch.__version__.split(".")[:2]
mp.set_start_method("spawn", force=True)
ctx = mp.get_context("spawn")
queue = mp.Queue()
worker = mp.Process(target=print, args=(major,))

# torch's own names that the lists do not hold are still UNKNOWN
y = torch.special.logit(torch.rand(3))
