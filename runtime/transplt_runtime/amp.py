"""Mixed precision of the shims: device autocast is a no-op and GradScaler a pass-through, on cuda and npu alike."""
import contextlib
import sys

import torch

REAL_AUTOCAST = torch.autocast


class autocast(contextlib.ContextDecorator):
    """torch.<dev>.amp.autocast: computes in float32, so both runs of a validation match bit for bit."""

    def __init__(self, enabled=True, dtype=torch.float16, cache_enabled=True):
        self.enabled = enabled
        self.fast_dtype = dtype
        self.cache_enabled = cache_enabled

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


class GradScaler:
    """torch.<dev>.amp.GradScaler without scaling: scale(loss) is loss, step(opt) is opt.step()."""

    def __init__(self, init_scale=2.0 ** 16, growth_factor=2.0, backoff_factor=0.5,
                 growth_interval=2000, enabled=True):
        self._enabled = enabled
        self._growth_factor = growth_factor
        self._backoff_factor = backoff_factor
        self._growth_interval = growth_interval

    def scale(self, outputs):
        return outputs

    def unscale_(self, optimizer):
        return None

    def step(self, optimizer, *args, **kwargs):
        return optimizer.step(*args, **kwargs)

    def update(self, new_scale=None):
        return None

    def get_scale(self):
        # The factor really applied to the loss.
        return 1.0

    def is_enabled(self):
        return self._enabled

    def get_growth_factor(self):
        return self._growth_factor

    def set_growth_factor(self, new_factor):
        self._growth_factor = new_factor

    def get_backoff_factor(self):
        return self._backoff_factor

    def set_backoff_factor(self, new_factor):
        self._backoff_factor = new_factor

    def get_growth_interval(self):
        return self._growth_interval

    def set_growth_interval(self, new_interval):
        self._growth_interval = new_interval

    def state_dict(self):
        if not self._enabled:
            return {}
        return {"scale": 1.0, "growth_factor": self._growth_factor, "backoff_factor": self._backoff_factor,
                "growth_interval": self._growth_interval, "_growth_tracker": 0}

    def load_state_dict(self, state_dict):
        if not self._enabled:
            return
        if len(state_dict) == 0:
            raise RuntimeError("The source state dict is empty, possibly because it was saved "
                               "from a disabled instance of GradScaler.")
        self._growth_factor = state_dict["growth_factor"]
        self._backoff_factor = state_dict["backoff_factor"]
        self._growth_interval = state_dict["growth_interval"]


def install(dmap):
    """Make torch.autocast(device_type=<shimmed>) and torch.amp.GradScaler(<shimmed>) use the shim classes."""

    def device_autocast(device_type, dtype=None, enabled=True, cache_enabled=None):
        kind = dmap.parse(device_type)
        if kind is None:
            return REAL_AUTOCAST(device_type, dtype=dtype, enabled=enabled, cache_enabled=cache_enabled)
        dmap.report_foreign(kind.type, f"autocast device_type '{device_type}'", sys._getframe(1))
        return autocast(enabled=enabled, dtype=dtype or torch.float16,
                        cache_enabled=True if cache_enabled is None else cache_enabled)

    torch.autocast = device_autocast
    torch.amp.autocast = device_autocast
    if hasattr(torch.amp, "GradScaler"):
        real_scaler = torch.amp.GradScaler

        def device_grad_scaler(device="cuda", *args, **kwargs):
            kind = dmap.parse(device)
            if kind is None:
                return real_scaler(device, *args, **kwargs)
            dmap.report_foreign(kind.type, f"GradScaler device '{device}'", sys._getframe(1))
            return GradScaler(*args, **kwargs)

        torch.amp.GradScaler = device_grad_scaler
