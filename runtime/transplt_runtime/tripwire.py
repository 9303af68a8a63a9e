"""The tripwire: reports CUDA uses left in a converted script (torch.cuda.*, .cuda(), "cuda", nccl) by file:line."""
import builtins
import sys

from . import frames


class Tripwire:
    """Findings of one run.

    hits: unconverted CUDA uses, each {"file", "line", "what", "count"};
    warnings: portability notes in the same shape (e.g. a bare int device).
    A location appears once per list; the first `what` seen there is kept.
    """

    def __init__(self):
        self.hits = []
        self.warnings = []
        self._seen = {}

    def hit_at(self, what, frame):
        """Record a hit when `frame` (the direct caller of the CUDA API) is user code."""
        self._add(self.hits, what, frames.user_frame(frame))

    def hit_in_stack(self, what, frame):
        """Record a hit at the innermost user frame that led to `frame`."""
        self._add(self.hits, what, frames.innermost_user_frame(frame))

    def warn_in_stack(self, what, frame):
        self._add(self.warnings, what, frames.innermost_user_frame(frame))

    def _add(self, findings, what, frame):
        if frame is None:
            return
        key = (id(findings), frame.f_code.co_filename, frame.f_lineno)
        found = self._seen.get(key)
        if found is None:
            found = {"file": frame.f_code.co_filename, "line": frame.f_lineno, "what": what, "count": 0}
            self._seen[key] = found
            findings.append(found)
        found["count"] += 1

    def guard_module(self, module):
        """Report every public attribute that user code reads from `module` (torch.cuda)."""
        base = type(module)
        name = module.__name__
        tripwire = self

        class GuardedModule(base):
            def __getattribute__(self, attr):
                if not attr.startswith("_"):
                    tripwire.hit_at(f"{name}.{attr}", sys._getframe(1))
                return base.__getattribute__(self, attr)

        module.__class__ = GuardedModule

    def guard_imports(self, module_name):
        """Report `import torch.cuda...` and `from torch import cuda` in user code."""
        parent, _, child = module_name.rpartition(".")
        real_import = builtins.__import__
        tripwire = self

        def guarded_import(name, globals=None, locals=None, fromlist=(), level=0):
            if level == 0 and (name == module_name or name.startswith(module_name + ".")
                               or (name == parent and fromlist and child in fromlist)):
                tripwire.hit_at(f"import {name}", sys._getframe(1))
            return real_import(name, globals, locals, fromlist, level)

        builtins.__import__ = guarded_import

