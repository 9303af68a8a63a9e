import torch    



def f(x):   
	return x.cuda()  


print(f(torch.ones(1)))   
