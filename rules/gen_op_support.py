#!/usr/bin/env python3
"""Generate rules/op_support.json from the torch_npu API support lists, the
per-API precision/performance advice and the NPU-affine API list.

The lists come from Huawei's msFmkTransplt resource folder (MindStudio
Training Tools, msfmktransplt/src/ms_fmk_transplt/resource/), licensed under
the Mulan Permissive Software License v2. The aliases (a name that a package
re-exports -> the listed name where it is defined) are read off an installed
torch: run it with the Python of Debian's python3-torch, from the repository
root:

    /usr/bin/python3 rules/gen_op_support.py ../shared/ascend > rules/op_support.json
"""
import importlib
import json
import sys
import types

VERSIONS = [("2.1.0", "2_1"), ("2.6.0", "2_6"), ("2.7.1", "2_7"), ("2.8.0", "2_8")]
ATTRIBUTION = ("torch_npu API support lists from Huawei msFmkTransplt "
               "(MindStudio Training Tools, msfmktransplt/src/ms_fmk_transplt/resource/), "
               "Mulan Permissive Software License v2")


def tip(text):
    return "" if text.strip() in ("", "-") else text.strip()


def module(name, cache={}):
    if name not in cache:
        try:
            cache[name] = importlib.import_module(name)
        except Exception:  # not a module, or one this torch lacks
            cache[name] = None
    return cache[name]


def aliases(listed):
    """Every other path in torch to a listed module-level object:
    torch.nn.Parameter -> torch.nn.parameter.Parameter (a package re-exports
    it), torch.amp.autocast -> torch.autocast (listed where it is re-exported).
    The paths tried are the modules above the listed name's and above the
    object's own module; a path counts only where it holds the same object."""
    out = {}
    for name in sorted(listed):
        parts = name.split(".")
        home = module(".".join(parts[:-1])) if len(parts) > 1 else None
        obj = getattr(home, parts[-1], None) if home else None
        if obj is None or isinstance(obj, types.ModuleType):
            continue
        prefixes = set()
        for path in (parts[:-1], str(getattr(obj, "__module__", "") or "").split(".")):
            prefixes.update(".".join(path[:k]) for k in range(1, len(path) + 1))
        for prefix in sorted(p for p in prefixes if p == "torch" or p.startswith("torch.")):
            alias = f"{prefix}.{parts[-1]}"
            if alias != name and getattr(module(prefix), parts[-1], None) is obj:
                out.setdefault(alias, name)
    return out


# Paths that torch versions newer than the one the aliases come from added to
# a listed object, named by hand: torch 2.3 made torch.cuda.amp's GradScaler
# and custom_fwd/custom_bwd device-generic under torch.amp (the old names
# derive from or call these).
NEWER_ALIASES = {
    "torch.GradScaler": "torch.cuda.amp.GradScaler",
    "torch.amp.GradScaler": "torch.cuda.amp.GradScaler",
    "torch.amp.grad_scaler.GradScaler": "torch.cuda.amp.GradScaler",
    "torch.amp.custom_fwd": "torch.cuda.amp.custom_fwd",
    "torch.amp.custom_bwd": "torch.cuda.amp.custom_bwd",
    "torch.amp.autocast_mode.custom_fwd": "torch.cuda.amp.custom_fwd",
    "torch.amp.autocast_mode.custom_bwd": "torch.cuda.amp.custom_bwd",
}


# Modules whose objects torch files use everywhere as plain Python (typing
# names, dataclasses): not re-exports anyone reaches through torch.
PLAIN = {"abc", "builtins", "collections", "contextlib", "dataclasses", "enum", "functools", "itertools", "numbers",
         "typing"}


def foreign(listed):
    """Names under torch's public modules that are no torch API, so neither
    supported nor unknown: objects of other packages that torch re-exports
    (torch.multiprocessing.Process is multiprocessing's) and plain values,
    whose methods are str's or int's (torch.__version__.split)."""
    for name in ("torch.multiprocessing", "torch.hub", "torch.distributed", "torch.utils.data"):
        module(name)
    mods = sorted(n for n in sys.modules if (n == "torch" or n.startswith("torch.")) and "testing" not in n
                  and not any(part.startswith("_") for part in n.split(".")))
    out = {}
    for prefix in mods:
        mod = module(prefix)
        for attr in sorted(dir(mod)) if mod else ():
            full = f"{prefix}.{attr}"
            if (attr.startswith("_") and attr != "__version__") or full in listed:
                continue
            try:
                obj = getattr(mod, attr)
            except Exception:
                continue
            if isinstance(obj, types.ModuleType):
                continue
            if isinstance(obj, (str, int, float, bool, tuple, list, dict)) and not isinstance(obj, type):
                out[full] = "a value"
            elif isinstance(obj, type) or callable(obj):
                home = getattr(obj, "__module__", None)
                if isinstance(home, str) and home.split(".")[0] not in PLAIN | {"torch"}:
                    out[full] = home
    return out


# torch APIs that run no device code of their own, or only another
# accelerator's: no row, where the lists do not hold them. A name covers its
# members (torch.utils.tensorboard.SummaryWriter.add_scalar).
NEUTRAL = {
    "torch.xpu": "another accelerator's API (Intel GPUs): it runs only where code chose that device",
    "torch.mps": "another accelerator's API (Apple GPUs): it runs only where code chose that device",
    "torch.mlu": "another accelerator's API (Cambricon MLUs, added by torch_mlu): it runs only where code chose that device",
    "torch.hpu": "another accelerator's API (Intel Gaudi, added by habana_frameworks): it runs only where code chose that device",
    "torch.utils.tensorboard": "writes TensorBoard event files on the CPU",
    "torch.multiprocessing": "starts and connects Python processes",
    "torch.distributed.destroy_process_group": "releases the process group",
    "torch.distributed.rendezvous": "meets the other processes (a store), no device code",
    "torch.Size": "a tuple of sizes",
    "torch.version": "the build's version strings (str or None): their methods are str's",
    "torch.autograd.function.once_differentiable": "a Python decorator",
    "torch.autograd.profiler.record_function": "a label in the profile",
    "torch.profiler.record_function": "a label in the profile",
    "torch.autograd.Variable": "a legacy wrapper that returns its tensor, wherever it is",
    "torch.autograd.variable.Variable": "a legacy wrapper that returns its tensor, wherever it is",
    "torch.is_mlu_available": "another accelerator's test (Cambricon MLUs, added by torch_mlu)",
    "torch.autograd.profiler_util": "profile tables on the CPU",
    "torch.nn.modules.utils": "Python helpers (_pair, _triple)",
    "torch._C._jit": "TorchScript executor settings",
    "torch.utils.cpp_extension.BuildExtension": "a setuptools build command",
    **{f"torch.{t}Tensor": "a legacy constructor of a CPU tensor"
       for t in ("Float", "Double", "Half", "BFloat16", "Byte", "Char", "Short", "Int", "Long", "Bool")},
    **{f"torch.{t}Storage": "a CPU storage"
       for t in ("Float", "Double", "Half", "BFloat16", "Byte", "Char", "Short", "Int", "Long", "Bool")},
}


def listed_classes(names):
    """The classes whose members are listed (torch.distributions.normal.Normal
    of its .log_prob and .sample): making one is as supported as using it."""
    out = set()
    for name in names:
        parts = name.split(".")
        out.update(".".join(parts[:k]) for k in range(2, len(parts)) if parts[k - 1][:1].isupper())
    return out


def main(src):
    out = {"source": ATTRIBUTION, "default": VERSIONS[-1][0], "versions": {}}
    for version, stem in VERSIONS:
        with open(f"{src}/op_list_{stem}.json", encoding="utf-8") as f:
            unsupported = json.load(f)["op_list"]
        with open(f"{src}/supported_op_{stem}.json", encoding="utf-8") as f:
            supported = set(json.load(f)["op_list"])
        supported |= listed_classes(supported) - set(unsupported)
        out["versions"][version] = {
            "unsupported": {k: tip(v) for k, v in sorted(unsupported.items())},
            "supported": sorted(supported),
        }
    listed = set()
    for lists in out["versions"].values():
        listed.update(lists["unsupported"], lists["supported"])
    out["aliases_from_torch"] = module("torch").__version__
    out["aliases"] = aliases(listed)
    out["aliases"].update({k: v for k, v in NEWER_ALIASES.items() if k not in listed and k not in out["aliases"]})
    out["foreign"] = foreign(listed | set(out["aliases"]))
    out["foreign"].update({k: v for k, v in NEUTRAL.items() if k not in listed})
    with open(f"{src}/precision_performance_advice.json", encoding="utf-8") as f:
        advice = json.load(f)
    # The snippets call torch.npu_linear, which torch_npu 2.x replaced by a
    # stub that raises: its fused operators live in torch_npu.
    out["advice"] = {kind: {k: v.replace("torch.npu_", "torch_npu.npu_") for k, v in sorted(advice[key].items())}
                     for kind, key in (("precision", "api_precision_dict"), ("performance", "api_performance_dict"))}
    with open(f"{src}/affinity_list_1_11_0.json", encoding="utf-8") as f:
        affinity = json.load(f)
    out["affinity"] = {
        "function": {name: {"parameters": v["parameter"], "api": v["affinity_function"]}
                     for name, v in sorted(affinity["function"].items())},
        "class": {name: {"parent": v["parent_class_name"], "init": v["__init__"], "forward": v["forward"],
                         "api": v["affinity_class"]}
                  for name, v in sorted(affinity["class"].items())},
        "torch": {v["full_name"]: v["affinity_api"] for _, v in sorted(affinity["torch"].items())},
    }
    json.dump(out, sys.stdout, indent=0, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "../shared/ascend")
