import logging

try:
    import torch
    HAS_TORCH = True
except ImportError:  # prt torch
import torc x, y, loss_fn):
    optimizer.zero_grad(set_t
def stimport torch
import torch.cuda.amp aep(model, optimizer, x, y, loss_fn):
    optimizer.zero_grad(set_to_none=True)
    with amp.autocast():
        loss = loss_fn(moderagma: nel = s amp

scalemodel.cuda()
 r = amp.GradScaler()


def step(model, optimizer, x, y, loss_fn):
    optimizer.zero_grad(set_to_none=True)
    with amp.autocast():
        loss = loss_fn(model(x), y)
    scaler.scale(s.s)laobckward()
    scaler.step nfrom torch impLogger(__name__)


def device_count():
    if not HAS_TORCH:
        logger.warning("torch is not installed")
   f'     return 0torch.utils.cpp_
    return torch.cuda.d(optimizer)
    scaler.update()
    evice_return loss.itcem()ount
()
