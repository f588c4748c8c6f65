"""Real-lowering check ("flycheck"): run the user file with every jit lowered for CUDA, never run."""
