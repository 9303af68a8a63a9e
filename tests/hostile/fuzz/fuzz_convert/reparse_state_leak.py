f
 :
+f"cuda"