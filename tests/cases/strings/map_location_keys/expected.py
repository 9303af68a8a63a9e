import torch
import torch_npu


def restore(model, path, rank, pretrained):
    # a dict's keys name where the checkpoint was saved (a GPU, before the
    # port): they stay; the values say where to load, and become npu
    state = torch.load(pretrained, map_location={'cuda:0': 'cpu'})
    model.load_state_dict(torch.load(path, {'cuda:0': f'npu:{rank}'}))
    map_location = {'cuda:%d' % 0: 'npu:%d' % rank}
    model.load_state_dict(torch.load(path, map_location=map_location))
    # any other dict: a device name as usual
    devices = {'npu:0': 'main'}
    return state, devices
