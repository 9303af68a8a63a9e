import torch
import torch_npu
import torch.npu as tc
import torch.npu.random
import torch.cuda.memory as M  # members used through M cannot be checked: reported
from torch.npu.random import get_rng_state, set_rng_state
from torch.npu.graphs import NPUGraph as CUDAGraph, graph
from torch.cuda.memory import _record_memory_history
from torch.cuda import amp, get_arch_list  # amp stays with get_arch_list: a WARNING says so
from torch.npu import _lazy_call, _lazy_init

# Trainer._save_rng_state, Megatron's RNG tracker
if torch.npu.is_available():
    state = torch.npu.random.get_rng_state(device="npu")
    torch.npu.memory.empty_cache()
    stream = torch.npu.streams.Stream()
    g = torch.npu.graphs.NPUGraph()
    h = tc.graphs.NPUGraph()
    tc.random.manual_seed(1)
    torch.npu._lazy_call(lambda: None)
    torch.cuda.memory._dump_snapshot("snapshot.pickle")  # no NPU equivalent: reported
    mem = torch.cuda.memory  # the submodule as a value: reported
    M.empty_cache()
