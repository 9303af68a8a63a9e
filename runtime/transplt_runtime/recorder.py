"""The recorder: losses at backward(), optimizer steps, batches per epoch and final parameter checksums."""
import contextlib
import functools
import hashlib
import threading

import torch
from torch.utils.data import DataLoader
from torch.utils.data.dataloader import _BaseDataLoaderIter

from . import optrace


class StopRun(BaseException):
    """Raised after --max-steps optimizer steps; a BaseException so that `except Exception` in the script lets it by."""


class Recorder:
    """What one run computed.

    losses: the float64 value of each backward() root, in call order (a sum for a non-scalar root);
    steps: optimizer steps completed, a step called from inside another one counting once;
    max_steps: raise StopRun once `steps` reaches it (None: never);
    modules: every nn.Module created, in creation order, kept alive so that a model
      local to main() can still be checksummed at exit;
    loaders: for each DataLoader iterated, in order, the batches it yielded in each epoch;
    optimized: the ids of the parameters some optimizer was given;
    first_step: with torch.distributed set up, flat_digests of the trained parameters right after
      the first optimizer step (None before it): DDP's constructor copies rank 0's parameters to
      every rank, so a model trained before its wrap ends in sync all the same;
    step_digests: with torch.distributed set up, one digest of all the trained parameters after
      each optimizer step: ranks that drift apart and end alike (each loads rank 0's best
      checkpoint at the end) differ there.
    """

    def __init__(self, max_steps=None):
        self.losses = []
        self.steps = 0
        self.max_steps = max_steps
        self.modules = []
        self.loaders = {}
        self.optimized = set()
        # Parameters that required grad at one of their optimizer's steps: a GAN
        # that sets requires_grad(G, False) after G's step still trained G.
        self.stepped = set()
        self.first_step = None
        self.step_digests = []
        self._module_ids = set()
        self._depth = threading.local()

    def install(self):
        self._patch_backward()
        self._patch_optimizers()
        self._patch_modules()
        self._patch_loaders()

    @contextlib.contextmanager
    def _outermost(self, what):
        """Yields True for a call not nested in another call of the same kind (Tensor.backward
        calls torch.autograd.backward; a subclass's step calls its parent's)."""
        depth = getattr(self._depth, what, 0)
        setattr(self._depth, what, depth + 1)
        try:
            yield depth == 0
        finally:
            setattr(self._depth, what, depth)

    def _record_roots(self, tensors):
        roots = [tensors] if isinstance(tensors, torch.Tensor) else list(tensors)
        with optrace.quiet(), torch.no_grad():
            for root in roots:
                self.losses.append(root.detach().to(torch.float64).sum().item())

    def _patch_backward(self):
        recorder = self
        real_tensor_backward = torch.Tensor.backward
        real_backward = torch.autograd.backward

        @functools.wraps(real_tensor_backward)
        def tensor_backward(self, *args, **kwargs):
            with recorder._outermost("backward") as outermost:
                if outermost:
                    recorder._record_roots(self)
                return real_tensor_backward(self, *args, **kwargs)

        @functools.wraps(real_backward)
        def backward(tensors, *args, **kwargs):
            with recorder._outermost("backward") as outermost:
                if outermost:
                    recorder._record_roots(tensors)
                return real_backward(tensors, *args, **kwargs)

        torch.Tensor.backward = tensor_backward
        torch.autograd.backward = backward

    def _counted_step(self, step):
        recorder = self

        @functools.wraps(step)
        def counted_step(self, *args, **kwargs):
            with recorder._outermost("step") as outermost:
                result = step(self, *args, **kwargs)
            if outermost:
                recorder.steps += 1
                recorder.stepped.update(id(p) for group in self.param_groups for p in group["params"] if p.requires_grad)
                if torch.distributed.is_available() and torch.distributed.is_initialized():
                    digests = flat_digests(recorder.parameter_checksums(trainable_only=True))
                    if recorder.steps == 1:
                        recorder.first_step = digests
                    combined = hashlib.sha256()
                    for name in sorted(digests):
                        combined.update(f"{name}={digests[name]};".encode())
                    recorder.step_digests.append(combined.hexdigest())
                if recorder.max_steps is not None and recorder.steps >= recorder.max_steps:
                    raise StopRun()
            return result

        counted_step.transplt_counted = True
        return counted_step

    def _patch_optimizers(self):
        recorder = self
        real_init = torch.optim.Optimizer.__init__

        # Optimizer classes may come from anywhere, so their step is wrapped when the first one is made.
        @functools.wraps(real_init)
        def init(self, *args, **kwargs):
            real_init(self, *args, **kwargs)
            recorder.optimized.update(id(p) for group in self.param_groups for p in group["params"])
            for cls in type(self).__mro__:
                step = cls.__dict__.get("step")
                if step is not None and not getattr(step, "transplt_counted", False):
                    cls.step = recorder._counted_step(step)

        torch.optim.Optimizer.__init__ = init

    def _patch_modules(self):
        recorder = self
        real_init = torch.nn.Module.__init__

        @functools.wraps(real_init)
        def init(self, *args, **kwargs):
            real_init(self, *args, **kwargs)
            if id(self) not in recorder._module_ids:
                recorder._module_ids.add(id(self))
                recorder.modules.append(self)

        torch.nn.Module.__init__ = init

    def _patch_loaders(self):
        recorder = self
        real_iter = DataLoader.__iter__
        real_next = _BaseDataLoaderIter.__next__

        @functools.wraps(real_iter)
        def loader_iter(self):
            iterator = real_iter(self)
            epochs = recorder.loaders.setdefault(self, [])
            epochs.append(0)
            iterator.transplt_epoch = (epochs, len(epochs) - 1)
            return iterator

        @functools.wraps(real_next)
        def iterator_next(self):
            batch = real_next(self)
            epoch = getattr(self, "transplt_epoch", None)
            if epoch is not None:
                epoch[0][epoch[1]] += 1
            return batch

        DataLoader.__iter__ = loader_iter
        _BaseDataLoaderIter.__next__ = iterator_next

    def loader_batches(self):
        return {f"DataLoader#{i}": epochs for i, epochs in enumerate(self.loaders.values())}

    def parameter_checksums(self, trainable_only=False):
        """{"<Class>#<n>": {"class", "params": {name: {"sha256", "sum", "abs_sum"}}}} for every
        module with parameters that no other module contains; n counts modules of that class.
        trainable_only: only parameters an optimizer was given and that require grad, now or at
        one of its steps (a frozen network, a replaced head, a layer no optimizer holds are not
        trained); in a script that
        builds no optimizer (a hand-written update, `p.data.add_(p.grad, alpha=-lr)`), the
        parameters that got a gradient."""
        contained = set()
        for module in self.modules:
            contained.update(id(child) for child in module.modules() if child is not module)
        checksums = {}
        per_class = {}
        with optrace.quiet(), torch.no_grad():
            for module in self.modules:
                # A lazy module that never ran has no values to check.
                params = [(name, param) for name, param in module.named_parameters()
                          if not isinstance(param, torch.nn.parameter.UninitializedParameter)
                          and (not trainable_only or ((param.requires_grad or id(param) in self.stepped)
                                                      and self._trained(param)))]
                if id(module) in contained or not params:
                    continue
                cls = type(module).__name__
                number = per_class.get(cls, 0)
                per_class[cls] = number + 1
                checksums[f"{cls}#{number}"] = {
                    "class": cls, "params": {name: _checksum(param) for name, param in params}}
        return checksums

    def _trained(self, param):
        return id(param) in self.optimized if self.optimized else param.grad is not None


def _checksum(tensor):
    values = tensor.detach().to(torch.float64).contiguous().numpy()
    return {"sha256": hashlib.sha256(values.tobytes()).hexdigest(),
            "sum": float(values.sum()), "abs_sum": float(abs(values).sum())}


def flat_digests(checksums):
    """{"<module>.<param>": sha256} from parameter_checksums()."""
    return {f"{module}.{name}": value["sha256"]
            for module, entry in checksums.items() for name, value in entry["params"].items()}
