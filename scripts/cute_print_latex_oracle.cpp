// Golden outputs of CUTLASS's own cute::print_latex for plain rank-2 layouts
// (include/cute/util/print_latex.hpp, default color functor TikzColor_BWx8), compiled for the host
// with g++ (no GPU, no nvcc). For each case it prints a line
//   === <layout in our spelling: CuTe's printed form without the '_' of static integers>
// followed by exactly what cute::print_latex(layout) writes to stdout.
// Output: tests/fixtures/print_latex.txt
//
// Build and run (from /work/main):
//   mkdir -p /tmp/cutlass && git -C /work/.mirror/NVIDIA+cutlass/repo archive HEAD include | tar -x -C /tmp/cutlass
//     (it may complain "invalid object ... media/images/..."; include/ is still extracted in full)
//   python3 -m venv /tmp/cudahdr && /tmp/cudahdr/bin/pip install --no-deps \
//       nvidia-cuda-runtime-cu12==12.9.79 nvidia-cuda-nvcc-cu12==12.9.86 nvidia-cuda-cccl-cu12==12.9.27
//   N=/tmp/cudahdr/lib/python3.11/site-packages/nvidia   # adjust python3.X to the venv's Python
//   g++ -std=c++17 -O0 -I/tmp/cutlass/include -I$N/cuda_cccl/include -I$N/cuda_runtime/include \
//       -I$N/cuda_nvcc/include scripts/cute_print_latex_oracle.cpp -o /tmp/cute_print_latex_oracle
//   /tmp/cute_print_latex_oracle > tests/fixtures/print_latex.txt
// (CUDA wheels are used only for headers; nothing CUDA is linked or run.)
// CUTLASS commit used: 7107b05535f8977f5ecb9d01ee203205b1fd9bc4.

#include <cstdio>

#include <cute/tensor.hpp>
#include <cute/util/print_latex.hpp>

using namespace cute;

template <class L>
static void emit(char const* spelling, L const& layout) {
  printf("=== %s\n", spelling);
  print_latex(layout);
}

int main() {
  emit("(4,8):(1,4)",
       make_layout(make_shape(Int<4>{}, Int<8>{}), make_stride(Int<1>{}, Int<4>{})));
  emit("(2,3):(3,1)",
       make_layout(make_shape(Int<2>{}, Int<3>{}), make_stride(Int<3>{}, Int<1>{})));
  emit("((2,2),(2,4)):((1,4),(2,8))",
       make_layout(make_shape(make_shape(Int<2>{}, Int<2>{}), make_shape(Int<2>{}, Int<4>{})),
                   make_stride(make_stride(Int<1>{}, Int<4>{}), make_stride(Int<2>{}, Int<8>{}))));
  emit("(4,4):(0,1)",
       make_layout(make_shape(Int<4>{}, Int<4>{}), make_stride(Int<0>{}, Int<1>{})));
  emit("(8,8):(8,1)",
       make_layout(make_shape(Int<8>{}, Int<8>{}), make_stride(Int<8>{}, Int<1>{})));
  // Swizzled ComposedLayout with a plain offset _0: print_latex's dedicated ComposedLayout overload only
  // takes an smem_ptr_flag_bits<B> offset, so this goes through the generic template (append<2> has a
  // ComposedLayout overload). CuTe's "% Layout:" comment line prints it as "Sw<2,1,2> o _0 o (_8,_8):(_8,_1)";
  // the === line keeps our spelling.
  emit("S<2,1,2> o 0 o (8,8):(8,1)",
       composition(Swizzle<2,1,2>{}, Layout<Shape<_8,_8>,Stride<_8,_1>>{}));
  return 0;
}
