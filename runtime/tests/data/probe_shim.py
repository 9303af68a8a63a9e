"""Exercise the device API of the shim named in argv[1] ("cuda" or "npu") and print the results as one JSON line."""
import io
import json
import os
import pickle
import socket
import sys

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

DEV = sys.argv[1]
if DEV == "npu":
    import torch_npu
ns = getattr(torch, DEV)
results = {}


def check(fn):
    try:
        results[fn.__name__] = fn()
    except Exception as e:
        results[fn.__name__] = f"error: {type(e).__name__}: {e}"
    return fn


@check
def availability():
    default = ns.device_count()
    os.environ["TRANSPLT_DEVICE_COUNT"] = "3"
    configured = ns.device_count()
    del os.environ["TRANSPLT_DEVICE_COUNT"]
    return [ns.is_available(), default, configured, ns.current_device(), ns.is_initialized()]


@check
def current_device():
    ns.set_device(1)
    after_int = ns.current_device()
    ns.set_device(f"{DEV}:0")
    after_str = ns.current_device()
    with ns.device(2):
        inside = ns.current_device()
    return [after_int, after_str, inside, ns.current_device()]


@check
def no_ops():
    return [ns.synchronize(), ns.empty_cache(), ns.ipc_collect(), ns.init(), ns.reset_peak_memory_stats()]


@check
def memory():
    free, total = ns.mem_get_info()
    values = [ns.memory_allocated(), ns.max_memory_allocated(), ns.memory_reserved(),
              ns.max_memory_reserved(), ns.memory_cached()]
    return {"ints": all(isinstance(v, int) and v >= 0 for v in values),
            "stats": "allocated_bytes.all.current" in ns.memory_stats(),
            "summary": isinstance(ns.memory_summary(), str), "mem_get_info": 0 < free <= total}


@check
def properties():
    p = ns.get_device_properties(0)
    return {"name": p.name == ns.get_device_name(0) and len(p.name) > 0, "total_memory": p.total_memory > 0,
            "capability": [type(p.major).__name__, type(p.minor).__name__],
            "multi_processor_count": p.multi_processor_count >= 1}


@check
def rng():
    ns.manual_seed(5)
    a = torch.rand(3)
    seed = ns.initial_seed()
    ns.manual_seed_all(5)
    b = torch.rand(3)
    state = ns.get_rng_state()
    c = torch.rand(2)
    ns.set_rng_state(state)
    d = torch.rand(2)
    return [torch.equal(a, b), seed, torch.equal(c, d), len(ns.get_rng_state_all())]


@check
def fork_rng():
    # device_type as torch 2.1+ takes it, and converted scripts pass it
    before = torch.random.get_rng_state()
    with torch.random.fork_rng(devices=[0], device_type=DEV):
        torch.rand(4, device=DEV)
    return torch.equal(before, torch.random.get_rng_state())


@check
def streams_and_events():
    s = ns.Stream()
    with ns.stream(s):
        inside = ns.current_stream() is s
    outside = ns.current_stream() is ns.default_stream()
    start, end = ns.Event(enable_timing=True), ns.Event(enable_timing=True)
    start.record()
    x = torch.ones(4)
    x.record_stream(s)
    end.record(s)
    end.synchronize()
    s.wait_event(end)
    s.wait_stream(ns.current_stream())
    s.synchronize()
    return [inside, outside, start.elapsed_time(end) >= 0, end.query(), s.query()]


@check
def autocast():
    a, b = torch.randn(2, 2), torch.randn(2, 2)
    with ns.amp.autocast():
        in_namespace = torch.mm(a, b).dtype
    with torch.autocast(device_type=DEV):
        in_torch = torch.mm(a, b).dtype

    @ns.amp.autocast()
    def decorated():
        return torch.mm(a, b).dtype

    with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
        on_cpu = torch.mm(a, b).dtype
    return [str(in_namespace), str(in_torch), str(decorated()), str(on_cpu)]


@check
def autocast_state():
    # The no-op autocast reports itself off, as the shimmed CUDA's does.
    with ns.amp.autocast():
        enabled = ns.is_autocast_enabled()
        ns.set_autocast_dtype(torch.bfloat16)
        ns.set_autocast_enabled(True)
        return [enabled, str(ns.get_autocast_dtype())]


@check
def grad_scaler():
    model = nn.Linear(2, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    scaler = ns.amp.GradScaler()
    loss = model(torch.ones(1, 2)).sum()
    same = scaler.scale(loss) is loss
    scaler.scale(loss).backward()
    before = model.weight.detach().clone()
    scaler.step(opt)
    scaler.update()
    other = ns.amp.GradScaler()
    other.load_state_dict(scaler.state_dict())
    return [same, not torch.equal(before, model.weight), other.get_scale() == scaler.get_scale()]


@check
def typed_tensors():
    return [str(ns.FloatTensor(2, 3).dtype), str(ns.LongTensor([1, 2]).dtype), str(ns.HalfTensor(1).dtype),
            str(torch.zeros(2).type(ns.DoubleTensor).dtype), str(torch.zeros(2).type(f"torch.{DEV}.IntTensor").dtype),
            isinstance(torch.zeros(2), ns.FloatTensor)]


@check
def tensor_and_module_methods():
    t = torch.ones(2)
    m = nn.Linear(2, 2)
    return [getattr(t, DEV)() is t, getattr(t, f"is_{DEV}"), getattr(m, DEV)() is m, m.to(DEV) is m,
            getattr(t, DEV)(0) is t]


@check
def to_forms():
    t = torch.ones(2)
    forms = [t.to(DEV), t.to(f"{DEV}:0"), t.to(torch.device(DEV)), t.to(torch.device(DEV, 0)),
             t.to(device=DEV), t.to(DEV, torch.float64), t.to(DEV, non_blocking=True)]
    return [f.device.type for f in forms] + [str(forms[5].dtype)]


@check
def factories():
    made = [torch.zeros(2, device=DEV), torch.ones(2, device=f"{DEV}:0"), torch.randn(2, device=torch.device(DEV)),
            torch.rand(2, device=DEV), torch.arange(3, device=DEV), torch.empty(2, device=DEV),
            torch.full((2,), 1.5, device=DEV), torch.tensor([1, 2], device=DEV), torch.eye(2, device=DEV),
            torch.linspace(0, 1, 3, device=DEV), torch.randint(0, 5, (2,), device=DEV),
            torch.zeros_like(torch.ones(2), device=DEV), torch.ones(2).new_zeros(3, device=DEV),
            nn.Linear(2, 2, device=DEV).weight]
    return [x.device.type for x in made]


@check
def device_objects():
    d = torch.device(DEV)
    d0 = torch.device(DEV, 0)
    d1 = torch.device(f"{DEV}:1")
    return [d.type, str(d), d.index, d0.index, str(d1), d1.index, isinstance(d, torch.device),
            isinstance(torch.device("cpu"), torch.device), pickle.loads(pickle.dumps(d1)) == d1,
            torch.device("cpu").type, d0 == torch.device(f"{DEV}:0")]


@check
def load_map_location():
    buffer = io.BytesIO()
    torch.save({"w": torch.arange(4.0)}, buffer)
    forms = [None, DEV, f"{DEV}:0", torch.device(DEV), {f"{DEV}:1": f"{DEV}:0"},
             lambda storage, loc: getattr(storage, DEV)(), lambda storage, loc: storage]
    loaded = []
    for form in forms:
        buffer.seek(0)
        loaded.append(torch.load(buffer, map_location=form)["w"].tolist())
    return loaded


@check
def pin_memory_loader():
    loader = DataLoader(TensorDataset(torch.arange(10.0)), batch_size=4, pin_memory=True)
    pinned = torch.ones(2).pin_memory()
    return [[len(batch) for (batch,) in loader], pinned.tolist()]


@check
def data_parallel():
    model = nn.DataParallel(nn.Linear(2, 1))
    return list(model(torch.ones(3, 2)).shape)


@check
def distributed_backend():
    import torch.distributed as dist
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    backend = {"cuda": dist.Backend.NCCL, "npu": getattr(dist.Backend, "HCCL", None)}[DEV]
    available = {"cuda": dist.is_nccl_available, "npu": getattr(dist, "is_hccl_available", None)}[DEV]
    dist.init_process_group(backend, init_method=f"tcp://127.0.0.1:{port}", world_size=1, rank=0)
    used = dist.get_backend()
    dist.destroy_process_group()
    return [backend, available(), used]


@check
def npu_modules():
    if DEV != "npu":
        return None
    import torch.npu
    import torch_npu.contrib
    from torch.npu.amp import GradScaler, autocast
    return [torch_npu.npu is torch.npu, sys.modules["torch.npu"] is torch.npu,
            autocast is torch.npu.amp.autocast, GradScaler is torch.npu.amp.GradScaler,
            torch_npu.contrib.__name__]


print(json.dumps(results))
