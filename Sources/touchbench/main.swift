print("touchbench")
