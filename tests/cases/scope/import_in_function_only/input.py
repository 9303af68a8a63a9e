"""Optional accelerator helpers: torch is imported lazily."""
import importlib


def load_backend(name):
    return importlib.import_module(name)


def accel_sync():
    import torch as backend

    backend.cuda.synchronize()


def plugin_sync(name):
    backend = load_backend(name)
    backend.cuda.synchronize()
