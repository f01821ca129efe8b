module attributes {gpu.container_module} {
  gpu.module @a {
    llvm.func @k() attributes {nvvm.kernel} {
      llvm.return
    }
  }
  gpu.module @b {
    llvm.func @k() attributes {nvvm.kernel} {
      llvm.return
    }
  }
}
