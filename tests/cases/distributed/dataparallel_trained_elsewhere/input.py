# no optimizer of MAIN names the network, but MAIN puts it in DataParallel
# and hands it to the training code of another file (BigGAN's GD): it is
# the network to wrap in DistributedDataParallel where DataParallel stood
import torch
import torch.nn as nn
import trainer

net = nn.Linear(4, 4).cuda()
if torch.cuda.device_count() > 1:
    net = nn.DataParallel(net)
trainer.fit(net)
