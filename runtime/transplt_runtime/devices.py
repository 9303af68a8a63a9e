"""Device arguments under the shims: "cuda"/"npu" strings, indices and torch.device objects mapped to the CPU."""
import functools
import inspect
import sys
import types

import torch

REAL_DEVICE = torch.device
REAL_GENERATOR = torch.Generator
CPU = REAL_DEVICE("cpu")

# The collective backend each shimmed device type uses in real life; all become gloo.
BACKENDS = {"cuda": "nccl", "npu": "hccl"}
# Device types that still work in a run but are unconverted uses (tripwire hits).
FOREIGN = {"cuda": (), "npu": ("cuda",)}

# Factories whose device argument hides in an overload that the first docstring line does not show.
_EXTRA_FACTORIES = ("normal",)


class ShimDevice:
    """A device of a shimmed type; its tensors really live on the CPU.

    type: "cuda" or "npu", as user code compares it; index: int or None, as torch.device keeps it.
    """

    __slots__ = ("type", "index")

    def __init__(self, type, index=None):
        self.type = type
        self.index = index

    def __str__(self):
        return self.type if self.index is None else f"{self.type}:{self.index}"

    def __repr__(self):
        if self.index is None:
            return f"device(type='{self.type}')"
        return f"device(type='{self.type}', index={self.index})"

    def __eq__(self, other):
        if isinstance(other, (ShimDevice, REAL_DEVICE)):
            return (self.type, self.index) == (other.type, other.index)
        return NotImplemented

    def __hash__(self):
        return hash((self.type, self.index))

    def __reduce__(self):
        # torch.device is looked up when pickling, so a load without the shim gets a real device.
        return (torch.device, (str(self),))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


class DeviceMap:
    """The device types a run shims, and how their uses are reported.

    primary: the device type the script is written for; foreign: types that work
    too but are reported to `tripwire` as unconverted; warn_bare_int: whether an
    integer device index earns a warning (torch_npu wants "npu:N").
    """

    def __init__(self, primary, tripwire):
        self.primary = primary
        self.foreign = FOREIGN[primary]
        self.types = (primary,) + self.foreign
        self.tripwire = tripwire
        self.warn_bare_int = primary == "npu"

    def parse(self, spec, index=None):
        """The ShimDevice that `spec` names, or None when it is not a shimmed device."""
        if isinstance(spec, ShimDevice):
            return spec
        if isinstance(spec, REAL_DEVICE):
            kind, index = spec.type, spec.index
        elif isinstance(spec, str):
            kind, sep, number = spec.strip().partition(":")
            if kind not in self.types:
                return None
            if sep:
                if not number.isdigit():
                    raise RuntimeError(f"Invalid device string: '{spec}'")
                index = int(number)
        else:
            return None
        return ShimDevice(kind, index) if kind in self.types else None

    def report_foreign(self, kind, what, frame):
        if kind in self.foreign:
            self.tripwire.hit_in_stack(what, frame)

    def to_cpu(self, spec, frame):
        """`spec` as the real CPU build accepts it: shimmed devices and bare indices become the CPU."""
        if isinstance(spec, int) and not isinstance(spec, bool):
            if self.warn_bare_int:
                self.tripwire.warn_in_stack("bare int device", frame)
            return CPU
        shim = self.parse(spec)
        if shim is None:
            return spec
        # A ShimDevice was reported when it was made; a string is reported where it is used.
        if not isinstance(spec, ShimDevice):
            self.report_foreign(shim.type, f"device '{spec}'", frame)
        return CPU

    def construct(self, args, kwargs, frame):
        """The ShimDevice for torch.device(*args, **kwargs), or None for a real device."""
        spec = args[0] if args else kwargs.get("type")
        index = args[1] if len(args) > 1 else kwargs.get("index")
        if isinstance(spec, int) and not isinstance(spec, bool):
            if self.warn_bare_int:
                self.tripwire.warn_in_stack("bare int device", frame)
            return ShimDevice(self.primary, spec)
        shim = self.parse(spec, index)
        if shim is not None and not isinstance(spec, ShimDevice):
            self.report_foreign(shim.type, f"torch.device('{shim}')", frame)
        return shim

    def typename_to_cpu(self, name, frame):
        """"torch.cuda.FloatTensor" → "torch.FloatTensor", for Tensor.type and set_default_tensor_type."""
        for kind in self.types:
            prefix = f"torch.{kind}."
            if isinstance(name, str) and name.startswith(prefix):
                self.report_foreign(kind, f"tensor type '{name}'", frame)
                return "torch." + name[len(prefix):]
        return name


class _DeviceType(type):
    """Metaclass that keeps isinstance(x, torch.device) true for real and shimmed devices."""

    def __instancecheck__(cls, obj):
        return isinstance(obj, (REAL_DEVICE, ShimDevice))


class _GeneratorType(type):
    def __instancecheck__(cls, obj):
        return isinstance(obj, REAL_GENERATOR)


def install(dmap):
    """Route every device argument of torch through `dmap`."""

    class device(metaclass=_DeviceType):
        __doc__ = REAL_DEVICE.__doc__

        def __new__(cls, *args, **kwargs):
            shim = dmap.construct(args, kwargs, sys._getframe(1))
            return shim if shim is not None else REAL_DEVICE(*args, **kwargs)

    # Pickle finds classes by name: torch.device must name this class.
    device.__module__, device.__qualname__ = "torch", "device"
    torch.device = device

    class Generator(REAL_GENERATOR, metaclass=_GeneratorType):
        def __new__(cls, device="cpu"):
            return REAL_GENERATOR.__new__(cls, device=dmap.to_cpu(device, sys._getframe(1)))

    Generator.__module__, Generator.__qualname__ = "torch", "Generator"
    torch.Generator = Generator

    # vars(), not dir(): getattr would import the submodules torch 2.x loads lazily.
    for name, fn in list(vars(torch).items()):
        if not name.startswith("_") and (name in _EXTRA_FACTORIES or _takes_device(fn)):
            setattr(torch, name, _device_at(fn, dmap))
    for name in dir(torch.Tensor):
        if name.startswith("new_"):
            setattr(torch.Tensor, name, _device_at(getattr(torch.Tensor, name), dmap))

    torch.Tensor.to = _device_at(torch.Tensor.to, dmap, position=1)
    torch.nn.Module.to = _device_at(torch.nn.Module.to, dmap, position=1)
    if hasattr(torch, "set_default_device"):
        torch.set_default_device = _device_at(torch.set_default_device, dmap, position=0)
    torch.load = _load(torch.load, dmap)
    torch.Tensor.type = _typename_at(torch.Tensor.type, dmap, 1, "dtype")
    torch.set_default_tensor_type = _typename_at(torch.set_default_tensor_type, dmap, 0, "t")


def _takes_device(fn):
    if isinstance(fn, types.FunctionType):
        return "device" in inspect.signature(fn).parameters
    if isinstance(fn, types.BuiltinFunctionType):
        signature = (fn.__doc__ or "").lstrip().split("\n", 1)[0]
        return "device=" in signature
    return False


def _is_device_like(value):
    return isinstance(value, (str, int, ShimDevice, REAL_DEVICE)) and not isinstance(value, bool)


def _device_at(fn, dmap, position=None):
    """Wrap `fn` so its `device=` argument, and the device-like positional at `position`, go through `dmap`."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        if position is not None and len(args) > position and _is_device_like(args[position]):
            device = dmap.to_cpu(args[position], sys._getframe(1))
            args = args[:position] + (device,) + args[position + 1:]
        if "device" in kwargs:
            kwargs["device"] = dmap.to_cpu(kwargs["device"], sys._getframe(1))
        return fn(*args, **kwargs)
    return wrapper


def _typename_at(fn, dmap, position, keyword):
    """Wrap `fn` so a "torch.cuda.FloatTensor"-style type name becomes the CPU one."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        if len(args) > position:
            name = dmap.typename_to_cpu(args[position], sys._getframe(1))
            args = args[:position] + (name,) + args[position + 1:]
        if keyword in kwargs:
            kwargs[keyword] = dmap.typename_to_cpu(kwargs[keyword], sys._getframe(1))
        return fn(*args, **kwargs)
    return wrapper


def _load(real_load, dmap):
    @functools.wraps(real_load)
    def load(f, map_location=None, *args, **kwargs):
        return real_load(f, _map_location(map_location, dmap, sys._getframe(1)), *args, **kwargs)
    return load


def _map_location(map_location, dmap, frame):
    """torch.load's map_location with every shimmed device sent to the CPU.

    A callable is kept: the storages it gets are CPU ones, and the .cuda()/.npu()
    it may call on them are shimmed.
    """
    if callable(map_location):
        return map_location
    if isinstance(map_location, dict):
        for source, target in map_location.items():
            dmap.to_cpu(source, frame)
            dmap.to_cpu(target, frame)
        return "cpu"
    if map_location is None:
        return "cpu"
    target = dmap.to_cpu(map_location, frame)
    return "cpu" if target is CPU else target
