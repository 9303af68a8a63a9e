import torch
import torch.cuda as tc
import torch.cuda.random
import torch.cuda.memory as M  # members used through M cannot be checked: reported
from torch.cuda.random import get_rng_state, set_rng_state
from torch.cuda.graphs import CUDAGraph, graph
from torch.cuda.memory import _record_memory_history
from torch.cuda import amp, get_arch_list  # amp stays with get_arch_list: a WARNING says so
from torch.cuda import _lazy_call, _lazy_init

# Trainer._save_rng_state, Megatron's RNG tracker
if torch.cuda.is_available():
    state = torch.cuda.random.get_rng_state(device="cuda")
    torch.cuda.memory.empty_cache()
    stream = torch.cuda.streams.Stream()
    g = torch.cuda.graphs.CUDAGraph()
    h = tc.graphs.CUDAGraph()
    tc.random.manual_seed(1)
    torch.cuda._lazy_call(lambda: None)
    torch.cuda.memory._dump_snapshot("snapshot.pickle")  # no NPU equivalent: reported
    mem = torch.cuda.memory  # the submodule as a value: reported
    M.empty_cache()
