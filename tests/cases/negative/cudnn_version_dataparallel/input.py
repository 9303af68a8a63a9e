import torch
import torch_npu

torch.backends.cudnn.benchmark = True
torch.backends.cudnn.deterministic = False
print("CUDA runtime:", torch.version.cuda, "cuDNN:", torch.backends.cudnn.version())


def wrap(model, args):
    use_cuda = not args.no_cuda
    if args.cuda and torch.npu.device_count() > 1:
        model = torch.nn.DataParallel(model)
    return model, use_cuda
