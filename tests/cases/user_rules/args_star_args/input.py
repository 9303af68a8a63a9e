import torch
from mmcv.ops import nms


def postprocess(boxes, scores, *extra, **opts):
    # a *args before the position: which argument is number 2 is unknowable
    a = nms(*extra, boxes, 0.5)
    b = nms(boxes, *extra, 0.5)
    # after the position, or **kwargs: the position is known
    c = nms(boxes, scores, 0.5, *extra)
    d = nms(boxes, scores, 0.5, **opts)
    return a, b, c, d
