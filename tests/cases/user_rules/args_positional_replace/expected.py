import torch
import torch_npu
import mmcv.ops as ops
from mmcv.ops import nms
from mmcv.ops import batched_nms as bnms


def postprocess(boxes, scores, idxs):
    keep, _ = nms(boxes, scores, 0.7)
    keep2, _ = ops.nms(boxes.npu(), scores.npu(), 0.7, offset=0)
    dets, keep3 = bnms(boxes, scores, idxs, dict(type="nms", iou_threshold=0.7))
    return keep, keep2, keep3


def short_call(boxes, scores):
    # fewer arguments than arg_idx: nothing to replace
    return nms(boxes, scores)
