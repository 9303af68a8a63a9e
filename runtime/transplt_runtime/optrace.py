"""The op trace: counts, by qualified name, the torch APIs that user code calls at run time."""
import collections
import contextlib
import functools
import os
import sys

import torch
from torch.overrides import TorchFunctionMode, resolve_name

from . import frames

_OVERRIDES_FILE = os.path.abspath(torch.overrides.__file__)
_quiet = [0]


@contextlib.contextmanager
def quiet():
    """Keep the runtime's own tensor operations out of the trace."""
    _quiet[0] += 1
    try:
        yield
    finally:
        _quiet[0] -= 1


class OpTrace(TorchFunctionMode):
    """Counts, by qualified name, the torch functions and torch.nn classes that user code calls.

    calls: Counter of names such as "torch.matmul", "torch.Tensor.add", "torch.nn.LSTM".
    Create it before the shim wraps torch functions: names are resolved from torch's
    own table, which is built on first use and must hold the original functions.
    """

    def __init__(self):
        super().__init__()
        self.calls = collections.Counter()
        resolve_name(torch.add)

    def __torch_function__(self, func, types, args=(), kwargs=None):
        if not _quiet[0] and _called_by_user(sys._getframe(1), func):
            name = _api_name(func)
            if name is not None:
                self.calls[name] += 1
        return func(*args, **(kwargs or {}))

    def install(self):
        """Also count torch.nn classes that user code instantiates."""
        trace = self
        real_init = torch.nn.Module.__init__

        @functools.wraps(real_init)
        def init(self, *args, **kwargs):
            real_init(self, *args, **kwargs)
            cls = type(self)
            if (cls.__module__.startswith("torch.") and not _quiet[0]
                    and _constructed_by_user(sys._getframe(1), self)):
                trace.calls[_class_name(cls)] += 1

        torch.nn.Module.__init__ = init


def _called_by_user(frame, func):
    """True when the first frame past torch's dispatch, func's own body and the runtime is user code."""
    codes = set()
    while func is not None:
        codes.add(getattr(func, "__code__", None))
        func = getattr(func, "__wrapped__", None)
    while frame is not None and (frame.f_code.co_filename == _OVERRIDES_FILE or frame.f_code in codes
                                 or frames.is_runtime_file(frame.f_code.co_filename)):
        frame = frame.f_back
    return frame is not None and frames.is_user_file(frame.f_code.co_filename)


def _constructed_by_user(frame, module):
    """True when the caller of the chain of __init__ methods building `module` is user code."""
    while frame is not None and (frames.is_runtime_file(frame.f_code.co_filename)
                                 or frame.f_locals.get("self") is module):
        frame = frame.f_back
    return frame is not None and frames.is_user_file(frame.f_code.co_filename)


def _api_name(func):
    name = resolve_name(func) or resolve_name(getattr(func, "__wrapped__", None))
    if name is None:
        return None
    # torch 1.13's table names torch.mm "torch.spmm": where the function's own
    # name is an attribute of that module holding this very function, that is it.
    module, _, last = name.rpartition(".")
    own = getattr(func, "__name__", None)
    if own and own != last and getattr(sys.modules.get(module), own, None) is func:
        return f"{module}.{own}"
    for accessor in (".__get__", ".__set__"):
        if name.endswith(accessor):
            return name[:-len(accessor)]
    return name


def _class_name(cls):
    """The shortest public path to a torch class: torch.nn.LSTM rather than torch.nn.modules.rnn.LSTM."""
    parts = cls.__module__.split(".")
    for end in range(1, len(parts) + 1):
        namespace = ".".join(parts[:end])
        if getattr(sys.modules.get(namespace), cls.__name__, None) is cls:
            return f"{namespace}.{cls.__name__}"
    return f"{cls.__module__}.{cls.__qualname__}"

