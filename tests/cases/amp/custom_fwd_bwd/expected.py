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


# torch 2.3's device-generic paths of the same (and of GradScaler) are
# supported as the torch.cuda.amp ones are: no UNKNOWN row
class ScaledSilu(torch.autograd.Function):
    @staticmethod
    @torch.amp.custom_fwd(device_type="npu", cast_inputs=torch.float32)
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.nn.functional.silu(x)

    @staticmethod
    @torch.amp.custom_bwd(device_type="npu")
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * torch.sigmoid(x) * (1 + x * (1 - torch.sigmoid(x)))


scaler = torch.amp.GradScaler("npu")
