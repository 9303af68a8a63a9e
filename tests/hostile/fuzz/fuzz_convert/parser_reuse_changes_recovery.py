def f():
    import torch
    x = torch.zeros(rmalization def f():
    im

def g():def f
    import torch
    (x = 0de[import FusedLayerNorm
   re f(
  ):
    ):
    im

def g():
    impor t torch
    x = 0de[ ff`tsrn torch.cuda3gm
  ( retsrn to
  ):
(0)
     f`