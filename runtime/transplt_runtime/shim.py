"""The device shim: one CPU implementation of the torch.cuda / torch.npu API, parameterised by the device type."""
import collections
import contextlib
import functools
import inspect
import os
import sys
import time
import types

import torch

from . import amp, devices, distributed, frames, optrace

_TYPED_TENSORS = ("FloatTensor", "DoubleTensor", "HalfTensor", "BFloat16Tensor", "ByteTensor",
                  "CharTensor", "ShortTensor", "IntTensor", "LongTensor", "BoolTensor")
_PRODUCT = {"cuda": "transplt CUDA-on-CPU shim", "npu": "transplt Ascend-NPU-on-CPU shim"}


def install(primary, tripwire):
    """Shim `primary` ("cuda" or "npu"); in an npu run also shim cuda, with every use tripping `tripwire`."""
    dmap = devices.DeviceMap(primary, tripwire)
    devices.install(dmap)
    amp.install(dmap)
    distributed.install(dmap)
    for kind in dmap.types:
        _install_namespace(kind)
        _install_methods(kind, dmap)
    _install_cpu_no_ops()
    _install_fork_rng()
    if primary == "npu":
        _install_torch_npu()
    # Last, so that the installation itself is not reported.
    for kind in dmap.foreign:
        tripwire.guard_module(getattr(torch, kind))
        tripwire.guard_imports(f"torch.{kind}")
    return dmap


def _install_fork_rng():
    """torch.random.fork_rng takes device_type from torch 2.1 on, and converted scripts pass
    device_type="npu"; on an older CPU torch it is taken off, and so are the devices: the shim's
    devices are the CPU, whose generator fork_rng forks anyway."""
    real = torch.random.fork_rng
    if "device_type" in inspect.signature(real).parameters:
        return

    @functools.wraps(real)
    def fork_rng(devices=None, enabled=True, *args, device_type="cuda", **kwargs):
        return real([], enabled, *args, **kwargs)
    torch.random.fork_rng = fork_rng


def _submodule(parent, name):
    """parent.name, created and registered in sys.modules when torch lacks it (torch.npu)."""
    module = getattr(parent, name, None)
    if module is None:
        module = types.ModuleType(f"{parent.__name__}.{name}")
        module.__path__ = []
        setattr(parent, name, module)
        sys.modules[module.__name__] = module
    return module


def _real_for_torch(shim, real):
    """Torch's own code keeps the real function; user code gets the shim."""
    @functools.wraps(shim)
    def dispatch(*args, **kwargs):
        if frames.called_from_torch():
            return real(*args, **kwargs)
        return shim(*args, **kwargs)
    return dispatch


def _install_namespace(kind):
    module = _submodule(torch, kind)
    for name, shim in _device_api(kind).items():
        real = module.__dict__.get(name)
        if isinstance(shim, types.FunctionType) and isinstance(real, types.FunctionType):
            shim = _real_for_torch(shim, real)
        setattr(module, name, shim)
    amp_module = _submodule(module, "amp")
    amp_module.autocast = amp.autocast
    amp_module.GradScaler = amp.GradScaler
    for name in ("custom_fwd", "custom_bwd"):
        if not hasattr(amp_module, name):
            setattr(amp_module, name, getattr(torch.cuda.amp, name))


class DeviceProperties:
    """What get_device_properties returns: the CPU described as one device."""

    def __init__(self, name, total_memory, major, minor, multi_processor_count):
        self.name = name
        self.total_memory = total_memory
        self.major = major
        self.minor = minor
        self.multi_processor_count = multi_processor_count

    def __repr__(self):
        return (f"_DeviceProperties(name='{self.name}', major={self.major}, minor={self.minor}, "
                f"total_memory={self.total_memory // (1024 * 1024)}MB, "
                f"multi_processor_count={self.multi_processor_count})")


def _physical_memory():
    page = os.sysconf("SC_PAGE_SIZE")
    return page * os.sysconf("SC_PHYS_PAGES"), page * os.sysconf("SC_AVPHYS_PAGES")


def _device_api(kind):
    """The functions and classes of torch.<kind>, closed over one device state."""
    state = types.SimpleNamespace(index=0, streams=[])

    def index_of(device):
        if device is None:
            return state.index
        if isinstance(device, int):
            return device
        if isinstance(device, str):
            device = torch.device(device)
        return state.index if device.index is None else device.index

    class Stream:
        """A stream on which all work is already done: work runs synchronously on the CPU."""

        def __init__(self, device=None, priority=0, **kwargs):
            self.device = devices.ShimDevice(kind, index_of(device))
            self.priority = priority

        def wait_event(self, event):
            event.wait(self)

        def wait_stream(self, stream):
            return None

        def record_event(self, event=None):
            event = event if event is not None else Event()
            event.record(self)
            return event

        def query(self):
            return True

        def synchronize(self):
            return None

        def __repr__(self):
            return f"<torch.{kind}.Stream device={self.device}>"

    class Event:
        """An event that completes when recorded; elapsed_time measures wall-clock time."""

        def __init__(self, enable_timing=False, blocking=False, interprocess=False):
            self.enable_timing = enable_timing
            self._time = None

        def record(self, stream=None):
            self._time = time.perf_counter()

        def wait(self, stream=None):
            return None

        def query(self):
            return True

        def synchronize(self):
            return None

        def elapsed_time(self, end_event):
            if not (self.enable_timing and end_event.enable_timing):
                raise RuntimeError("Both events must be created with argument 'enable_timing=True'.")
            if self._time is None or end_event._time is None:
                raise RuntimeError("Both events must be recorded before calculating elapsed time.")
            return (end_event._time - self._time) * 1000.0

    class device:
        """Context manager that changes the current device index."""

        def __init__(self, device):
            self.idx = index_of(device)

        def __enter__(self):
            self.prev_idx = state.index
            state.index = self.idx

        def __exit__(self, *exc):
            state.index = self.prev_idx
            return False

    default = Stream()

    @contextlib.contextmanager
    def stream(stream):
        state.streams.append(stream if stream is not None else current_stream())
        try:
            yield
        finally:
            state.streams.pop()

    def current_stream(device=None):
        return state.streams[-1] if state.streams else default

    def default_stream(device=None):
        return default

    def is_available():
        return True

    def device_count():
        return int(os.environ.get("TRANSPLT_DEVICE_COUNT", "1"))

    def current_device():
        return state.index

    def set_device(device):
        state.index = index_of(device)

    def synchronize(device=None):
        return None

    def empty_cache():
        return None

    def ipc_collect():
        return None

    def init():
        return None

    def is_initialized():
        return True

    def is_bf16_supported():
        return True

    def get_device_name(device=None):
        return _PRODUCT[kind]

    def get_device_capability(device=None):
        return (8, 0)

    def get_device_properties(device=None):
        total, _ = _physical_memory()
        return DeviceProperties(_PRODUCT[kind], total, 8, 0, os.cpu_count() or 1)

    # Device memory is CPU memory here; the device allocator has nothing to count.
    def memory_allocated(device=None):
        return 0

    def memory_stats(device=None):
        keys = ("allocated_bytes.all.current", "allocated_bytes.all.peak", "reserved_bytes.all.current",
                "reserved_bytes.all.peak", "active_bytes.all.current", "active_bytes.all.peak",
                "num_alloc_retries", "num_ooms")
        return collections.OrderedDict((key, 0) for key in keys)

    def memory_summary(device=None, abbreviated=False):
        return (f"|  {_PRODUCT[kind]}: device memory is host memory; "
                f"no device allocator statistics  |\n")

    def mem_get_info(device=None):
        total, free = _physical_memory()
        return free, total

    def reset_peak_memory_stats(device=None):
        return None

    # The device's random numbers come from the CPU generator: seeding one seeds the other.
    def manual_seed(seed):
        torch.default_generator.manual_seed(int(seed))

    def seed():
        torch.default_generator.seed()

    def initial_seed():
        return torch.default_generator.initial_seed()

    def get_rng_state(device=kind):
        return torch.get_rng_state()

    def set_rng_state(new_state, device=kind):
        torch.set_rng_state(new_state)

    def get_rng_state_all():
        return [get_rng_state() for _ in range(device_count())]

    def set_rng_state_all(new_states):
        set_rng_state(new_states[0])

    # Autocast is a no-op here (amp.py), so it reports itself off, as
    # torch.is_autocast_enabled() does for the shimmed CUDA.
    def is_autocast_enabled():
        return False

    def set_autocast_enabled(enabled):
        return None

    def get_autocast_dtype():
        return torch.get_autocast_gpu_dtype()

    def set_autocast_dtype(dtype):
        return None

    api = dict(
        is_autocast_enabled=is_autocast_enabled, set_autocast_enabled=set_autocast_enabled,
        get_autocast_dtype=get_autocast_dtype, set_autocast_dtype=set_autocast_dtype,
        Stream=Stream, Event=Event, device=device, stream=stream, current_stream=current_stream,
        default_stream=default_stream, is_available=is_available, device_count=device_count,
        current_device=current_device, set_device=set_device, synchronize=synchronize,
        empty_cache=empty_cache, ipc_collect=ipc_collect, init=init, is_initialized=is_initialized,
        is_bf16_supported=is_bf16_supported, get_device_name=get_device_name,
        get_device_capability=get_device_capability, get_device_properties=get_device_properties,
        memory_allocated=memory_allocated, max_memory_allocated=memory_allocated,
        memory_reserved=memory_allocated, max_memory_reserved=memory_allocated,
        memory_cached=memory_allocated, max_memory_cached=memory_allocated,
        memory_stats=memory_stats, memory_summary=memory_summary, mem_get_info=mem_get_info,
        reset_peak_memory_stats=reset_peak_memory_stats,
        reset_max_memory_allocated=reset_peak_memory_stats,
        reset_max_memory_cached=reset_peak_memory_stats,
        reset_accumulated_memory_stats=reset_peak_memory_stats,
        manual_seed=manual_seed, manual_seed_all=manual_seed, seed=seed, seed_all=seed,
        initial_seed=initial_seed, get_rng_state=get_rng_state, set_rng_state=set_rng_state,
        get_rng_state_all=get_rng_state_all, set_rng_state_all=set_rng_state_all)
    api.update((name, getattr(torch, name)) for name in _TYPED_TENSORS)
    return api


def _install_methods(kind, dmap):
    """Tensor.<kind>(), Module.<kind>(), storage.<kind>() and Tensor.is_<kind> for the shimmed device."""
    foreign = kind in dmap.foreign

    def tensor_to_device(self, device=None, non_blocking=False, memory_format=torch.preserve_format):
        if foreign:
            dmap.tripwire.hit_at(f"Tensor.{kind}()", sys._getframe(1))
        if memory_format is torch.preserve_format:
            return self
        return self.contiguous(memory_format=memory_format)

    def module_to_device(self, device=None):
        if foreign:
            dmap.tripwire.hit_at(f"Module.{kind}()", sys._getframe(1))
        return self

    def storage_to_device(self, device=None, non_blocking=False, **kwargs):
        if foreign:
            dmap.tripwire.hit_at(f"storage.{kind}()", sys._getframe(1))
        return self

    real_is_device = getattr(torch.Tensor, f"is_{kind}", None)

    def is_device(self):
        """True for every CPU tensor in user code: tensors on the shimmed device live on the CPU."""
        if frames.called_from_torch():
            return real_is_device.__get__(self) if real_is_device is not None else False
        if foreign:
            dmap.tripwire.hit_at(f"Tensor.is_{kind}", sys._getframe(1))
        with optrace.quiet():
            return self.device.type == "cpu"

    setattr(torch.Tensor, kind, tensor_to_device)
    setattr(torch.Tensor, f"is_{kind}", property(is_device))
    setattr(torch.nn.Module, kind, module_to_device)
    for name in ("_StorageBase", "TypedStorage", "_TypedStorage"):
        storage = getattr(torch.storage, name, None)
        if storage is not None:
            setattr(storage, kind, storage_to_device)
    if isinstance(getattr(torch, "UntypedStorage", None), type):
        setattr(torch.UntypedStorage, kind, storage_to_device)


def _install_cpu_no_ops():
    """Tensor methods that fail on a CPU-only build but mean nothing when the device is the CPU."""

    def pin_memory(self, device=None):
        return self

    def record_stream(self, stream):
        return None

    torch.Tensor.pin_memory = pin_memory
    torch.Tensor.record_stream = record_stream


def _install_torch_npu():
    """Make `import torch_npu` and `import torch_npu.contrib` work, with torch_npu.npu = torch.npu."""
    package = types.ModuleType("torch_npu", "torch_npu as the transplt NPU-on-CPU shim provides it.")
    package.__path__ = []
    package.npu = torch.npu
    contrib = types.ModuleType("torch_npu.contrib")
    contrib.__path__ = []
    package.contrib = contrib
    sys.modules.update({"torch_npu": package, "torch_npu.npu": torch.npu, "torch_npu.contrib": contrib})
