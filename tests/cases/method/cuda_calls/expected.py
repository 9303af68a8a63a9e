import torch
import torch_npu
import torchvision


def build(args):
    model = torchvision.models.resnet18(num_classes=args.num_classes)
    if args.gpu is not None:
        model = model.npu(args.gpu)
    else:
        model = model.npu()
    criterion = torch.nn.CrossEntropyLoss().npu(args.gpu)
    return model, criterion


def train_batch(model, criterion, images, target, args):
    images = images.npu(args.gpu, non_blocking=True)
    target = target.npu(args.gpu, non_blocking=True)
    return criterion(model(images), target)
