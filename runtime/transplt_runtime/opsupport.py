"""The torch_npu op-support lists (rules/op_support.json) and the classification of API names against them."""
import json
import os

_RUNTIME_DIR = os.path.dirname(os.path.abspath(__file__))


def support_path():
    """$TRANSPLT_OP_SUPPORT, else rules/op_support.json of the repository holding this package."""
    return os.environ.get("TRANSPLT_OP_SUPPORT") or os.path.normpath(
        os.path.join(_RUNTIME_DIR, os.pardir, os.pardir, "rules", "op_support.json"))


def load_support(path=None):
    """{"default": version, "versions": {version: {"unsupported": {api: tip}, "supported": [api]}}}."""
    with open(path or support_path(), encoding="utf-8") as f:
        return json.load(f)


def classify(calls, support, version):
    """Split `calls` ({api: count}) by the op-support lists of `version`.

    Names with a private or dunder part (torch.Tensor.__getitem__) are left out: the
    lists name public APIs only. Returns {"version", "unsupported": {api: {"count", "tip"}},
    "unknown": {api: count}, "supported": {api: count}}.
    """
    lists = support["versions"][version]
    unsupported, supported = lists["unsupported"], set(lists["supported"])
    report = {"version": version, "unsupported": {}, "unknown": {}, "supported": {}}
    for name, count in sorted(calls.items()):
        if any(part.startswith("_") for part in name.split(".")):
            continue
        if name in unsupported:
            report["unsupported"][name] = {"count": count, "tip": unsupported[name]}
        elif name in supported or not name.startswith("torch."):
            report["supported"][name] = count
        else:
            report["unknown"][name] = count
    return report
