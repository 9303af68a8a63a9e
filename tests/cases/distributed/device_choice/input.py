import torch
import torch.nn as nn


def main(args):
    model = nn.Linear(2, 2)
    torch.cuda.set_device(args.gpu)
    model.cuda(args.gpu)
    for i in range(torch.cuda.device_count()):
        print("cuda:{}".format(i), torch.cuda.get_device_name(i))
    if args.resume:
        loc = 'cuda:{}'.format(args.gpu)
        checkpoint = torch.load(args.resume, map_location=loc)
        checkpoint = torch.load(args.resume, map_location=("cuda:%d" % args.gpu))
        checkpoint = torch.load(args.resume, map_location=f"cuda:{args.gpu}")
        checkpoint = torch.load(args.resume, map_location={"cuda:0": "cuda:{0}".format(args.gpu)})
        checkpoint = torch.load(args.resume, map_location="cpu")
        model.load_state_dict(checkpoint["state_dict"])
    dev = torch.device("cuda", args.gpu)
    dev = torch.device(type="cuda", index=args.gpu)
    dev = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")
    x = torch.zeros(2, device="cuda:1")
    y = torch.ones(2).to("cuda:0", non_blocking=True)
    return model(x + y).to(dev)
