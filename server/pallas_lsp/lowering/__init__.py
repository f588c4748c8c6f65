"""Real-lowering check ("flycheck"): every jit of the user file lowered for CUDA, never run."""
