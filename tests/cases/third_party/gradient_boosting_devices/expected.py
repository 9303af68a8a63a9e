import catboost
import faiss
import lightgbm as lgb
import torch
import torch_npu
import xgboost as xgb

clf = xgb.XGBClassifier(tree_method="hist", device="cuda")
booster = xgb.train({"device": "cuda:0", "max_depth": 6}, xgb.DMatrix(X, label=y), 100)
on_cpu = xgb.XGBRegressor(device="cpu")
lg = lgb.LGBMClassifier(device="gpu")
cb = catboost.CatBoostClassifier(task_type="GPU", devices="0")
res = faiss.StandardGpuResources()
index = faiss.index_cpu_to_gpu(res, 0, faiss.IndexFlatL2(64))
features = torch.zeros(3, device="npu")
