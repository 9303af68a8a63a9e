"""torch.distributed under the shims: nccl/hccl become gloo, DDP takes CPU modules, ranks end in sync."""
import functools
import sys

import torch

from . import devices, report

_before_destroy = []


def install(dmap):
    """Map device backends to gloo and let DDP wrap CPU modules."""
    if not torch.distributed.is_available():
        return
    import torch.distributed.distributed_c10d as c10d

    def to_gloo(backend, frame):
        if backend is None:
            return None
        shimmed = [kind for kind in dmap.types if devices.BACKENDS[kind] in str(backend).lower()]
        for kind in shimmed:
            dmap.report_foreign(kind, f"backend '{backend}'", frame)
        return "gloo" if shimmed else backend

    def backend_at(fn, position):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            frame = sys._getframe(1)
            if len(args) > position:
                args = args[:position] + (to_gloo(args[position], frame),) + args[position + 1:]
            if "backend" in kwargs:
                kwargs["backend"] = to_gloo(kwargs["backend"], frame)
            return fn(*args, **kwargs)
        return wrapper

    real_destroy = c10d.destroy_process_group

    @functools.wraps(real_destroy)
    def destroy_process_group(group=None):
        if group is None or group is c10d.GroupMember.WORLD:
            for hook in _before_destroy:
                hook()
        return real_destroy(group)

    def available(kind):
        def is_available():
            dmap.report_foreign(kind, f"is_{devices.BACKENDS[kind]}_available()", sys._getframe(1))
            return True
        return is_available

    # Each device's backend, as its real stack has it (torch_npu registers hccl).
    for kind in dmap.types:
        name = devices.BACKENDS[kind]
        if not hasattr(c10d.Backend, name.upper()):
            setattr(c10d.Backend, name.upper(), name)
        setattr(torch.distributed, f"is_{name}_available", available(kind))

    for module in (torch.distributed, c10d):
        module.init_process_group = backend_at(c10d.init_process_group, 0)
        module.new_group = backend_at(c10d.new_group, 2)
        module.destroy_process_group = destroy_process_group

    # gloo broadcasts no bool tensor ("Invalid scalar type"); hccl and nccl send it as bytes. DDP
    # broadcasts the module's buffers (a causal mask) when it wraps and before each forward.
    real_broadcast_coalesced = torch.distributed._broadcast_coalesced

    @functools.wraps(real_broadcast_coalesced)
    def broadcast_coalesced(process_group, tensors, *args, **kwargs):
        if not any(t.dtype == torch.bool for t in tensors):
            return real_broadcast_coalesced(process_group, tensors, *args, **kwargs)
        sent = [t.to(torch.uint8) if t.dtype == torch.bool else t for t in tensors]
        result = real_broadcast_coalesced(process_group, sent, *args, **kwargs)
        for tensor, bytes_ in zip(tensors, sent):
            if tensor.dtype == torch.bool:
                tensor.copy_(bytes_.bool())
        return result

    torch.distributed._broadcast_coalesced = broadcast_coalesced

    ddp = torch.nn.parallel.DistributedDataParallel
    real_init = ddp.__init__

    @functools.wraps(real_init)
    def ddp_init(self, module, device_ids=None, output_device=None, *args, **kwargs):
        # The module's parameters are on the CPU, where DDP refuses device ids.
        real_init(self, module, None, None, *args, **kwargs)

    ddp.__init__ = ddp_init


def before_destroy(hook):
    """Run `hook` just before the default process group is destroyed."""
    _before_destroy.append(hook)


def is_initialized():
    return torch.distributed.is_available() and torch.distributed.is_initialized()


def _first_mismatch(gathered):
    """The first parameter (by name) whose digest differs from rank 0's, with that rank; None if none."""
    for name in sorted(set().union(*gathered)):
        for rank in range(1, len(gathered)):
            if gathered[rank].get(name) != gathered[0].get(name):
                return {"parameter": name, "rank": rank}
    return None


def check_ranks_in_sync(checksums, first_step=None, step_digests=()):
    """Compare every rank's parameter checksums; rank 0 prints the verdict.

    checksums: {parameter name: digest} on this rank at the end; first_step: the same right after
    the first optimizer step (None: no step), compared when every rank took one; step_digests: one
    digest of all the trained parameters after each optimizer step, compared over the steps every
    rank took. Returns {"in_sync", "parameters", "ranks", "mismatch"} where mismatch names the
    first differing parameter (None past the first step) and rank, and "at": "end", "first step"
    or "step" (with "step", its number).
    """
    dist = torch.distributed
    world = dist.get_world_size()
    gathered = [None] * world
    dist.all_gather_object(gathered, (checksums, first_step, list(step_digests)))
    mismatch = _first_mismatch([end for end, _, _ in gathered])
    if mismatch:
        mismatch["at"] = "end"
    elif all(first is not None for _, first, _ in gathered):
        # In sync at the end but not after the first step: trained before the DDP wrap.
        mismatch = _first_mismatch([first for _, first, _ in gathered])
        if mismatch:
            mismatch["at"] = "first step"
    if not mismatch:
        # In sync at the end but apart after a later step: each rank reloaded rank 0's checkpoint.
        steps = [digests for _, _, digests in gathered]
        for k in range(min(len(d) for d in steps)):
            rank = next((r for r in range(1, world) if steps[r][k] != steps[0][k]), None)
            if rank is not None:
                mismatch = {"parameter": None, "rank": rank, "at": "step", "step": k + 1}
                break
    names = set().union(*(end for end, _, _ in gathered))
    result = {"in_sync": mismatch is None, "parameters": len(names), "ranks": world, "mismatch": mismatch}
    if dist.get_rank() == 0:
        print(report.format_sync(result), flush=True)
    return result
