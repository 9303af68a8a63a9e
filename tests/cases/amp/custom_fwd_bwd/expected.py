import torch
import torch_npu


class ScaledGelu(torch.autograd.Function):
    @staticmethod
    @torch.npu.amp.custom_fwd(cast_inputs=torch.float32)
    def forward(ctx, x, scale):
        ctx.save_for_backward(x)
        ctx.scale = scale
        return torch.nn.functional.gelu(x) * scale

    @staticmethod
    @torch.npu.amp.custom_bwd
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        with torch.enable_grad():
            x = x.detach().requires_grad_()
            y = torch.nn.functional.gelu(x) * ctx.scale
            (gx,) = torch.autograd.grad(y, x, grad)
        return gx, None
