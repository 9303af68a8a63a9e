import torch    
import torch_npu



def f(x):   
	return x.npu()  


print(f(torch.ones(1)))   
