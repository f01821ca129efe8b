// Golden SM90 GMMA shared-memory descriptors from CUTLASS's own
// cute::SM90::GMMA::make_gmma_desc, compiled for the host with g++ (no GPU, no nvcc).
// Output: tests/fixtures/gmma_descriptors.txt (column meanings in the header it prints).
//
// Build and run (from /work/main):
//   mkdir -p /tmp/cutlass && git -C /work/.mirror/NVIDIA+cutlass/repo archive HEAD include | tar -x -C /tmp/cutlass
//     (it may complain "invalid object ... media/images/..."; include/ is still extracted in full)
//   python3 -m venv /tmp/cudahdr && /tmp/cudahdr/bin/pip install --no-deps \
//       nvidia-cuda-runtime-cu12==12.9.79 nvidia-cuda-nvcc-cu12==12.9.86 nvidia-cuda-cccl-cu12==12.9.27
//   N=/tmp/cudahdr/lib/python3.11/site-packages/nvidia   # adjust python3.X to the venv's Python
//   g++ -std=c++17 -O0 -I/tmp/cutlass/include -I$N/cuda_cccl/include -I$N/cuda_runtime/include \
//       -I$N/cuda_nvcc/include scripts/cute_gmma_desc_oracle.cpp -o /tmp/cute_gmma_desc_oracle
//   /tmp/cute_gmma_desc_oracle > tests/fixtures/gmma_descriptors.txt
// (CUDA wheels are used only for headers; nothing CUDA is linked or run.)

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

// "Shared memory" on the host: a 1024-byte aligned buffer whose first byte is smem address 0.
alignas(1024) static unsigned char g_smem[1 << 16];

// Host shim: on the host cute::cast_smem_ptr_to_uint() would print an error and return 0.
// Make it take this path instead, returning the byte offset from g_smem (i.e. the smem address).
static inline size_t __cvta_generic_to_shared(void const* p) {
  return static_cast<size_t>(static_cast<unsigned char const*>(p) - g_smem);
}
#define CUTE_CVTA_GENERIC_TO_SHARED_ACTIVATED 1

#include <cute/tensor.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>

using namespace cute;
static char const* kHeader =
"# Golden SM90 GMMA smem descriptors from CUTLASS cute::SM90::GMMA::make_gmma_desc<Major>(tensor), host g++ build\n"
"# (generator: scripts/cute_gmma_desc_oracle.cpp; CUTLASS commit 7107b05535f8977f5ecb9d01ee203205b1fd9bc4).\n"
"# Case: smem = tile_to_shape(GMMA::Layout_<MAJOR>_<SW>_Atom<T>, (M, K_TILE), MN ? Step<_2,_1> : Step<_1,_2>)  (same mode order as\n"
"#   the sm90 collectives), K_TILE = 128 bytes of K; tensor = make_tensor(make_smem_ptr<T>(base), smem) with base = smem byte address 0\n"
"#   (1024B aligned); slice = local_tile(tensor, (M, K_ATOM), (0, k_block)), K_ATOM = 32 bytes of K; desc = make_gmma_desc<Major>(slice).\n"
"# Columns: dtype major swizzle_bytes M k_block cute_tensor elem_layout elem_swizzle desc start_address leading_byte_offset\n"
"#   stride_byte_offset base_offset layout_type\n"
"#  cute_tensor : print(slice) with ' o ' -> '_o_' and the pointer shown as its smem BYTE address; the leading Sw<B,4,3> (absent for\n"
"#                INTERLEAVE, where CuTe decays the swizzle_ptr to a plain smem_ptr) is CuTe's swizzle_ptr swizzle, applied to BYTE addresses.\n"
"#  elem_layout : layout(slice), strides in ELEMENTS of dtype, relative to the slice start (offset not included).\n"
"#  elem_swizzle: recast_layout<uint8_t,T>(Sw<B,4,3>) = Sw<B,4-log2(sizeof T),3>: the same swizzle over ELEMENT offsets measured from the\n"
"#                1024B-aligned smem base (not from the slice start). Exactly (checked for every element by the generator):\n"
"#                byte_addr(slice(i)) = sizeof(T) * elem_swizzle(start_address*16/sizeof(T) + elem_layout(i))\n"
"#                                    = Sw<B,4,3>(start_address*16 + sizeof(T)*elem_layout(i)).\n"
"#                Sw<B,M,S>(x) = x ^ ((x >> S) & (((1<<B)-1) << M)), i.e. bits [M,M+B) ^= bits [M+S,M+S+B).\n"
"#  desc: the uint64 descriptor; fields decoded from GmmaDescriptor's bitfield. start_address, leading_byte_offset, stride_byte_offset are\n"
"#        in 16-byte units (4 LSBs dropped). start_address is real (host shim: cast_smem_ptr_to_uint = byte offset from the\n"
"#        1024B-aligned buffer), not 0. base_offset is always 0 (make_gmma_desc hardcodes it). layout_type: 0=INTERLEAVE(no swizzle),\n"
"#        1=B128, 2=B64, 3=B32. A 0 LBO/SBO means CuTe read the stride of a size-1 mode (e.g. MN-major with a single atom along MN, or\n"
"#        K of 8 tf32 elements). MN-major tf32/f8 rows are what make_gmma_desc returns; the wgmma hardware only takes 16-bit types MN-major.\n";
namespace G = cute::SM90::GMMA;

// One (M x K_ATOM) k-block of tile_to_shape(Atom, (M, K_TILE)), i.e. what one WGMMA reads.
template <class T, G::Major Maj, class Atom, int M, int KTile, int KAtom, int KB>
void emit(char const* dtype, char const* major, int swz_bytes) {
  if constexpr (M % size<0>(Atom{}) != 0) {  // e.g. the 8-bit MN SW128 atom is 128 elements in M
    printf("# dropped: %s %s %d %d %d (tile_to_shape: atom ", dtype, major, swz_bytes, M, KB);
    print(Atom{}); printf(" does not divide M)\n");
  } else {
  // Same ordering as the CUTLASS sm90 collectives: K-major Step<_1,_2>, MN-major Step<_2,_1>.
  using Order = conditional_t<Maj == G::Major::MN, Step<_2, _1>, Step<_1, _2>>;
  auto smem_layout = tile_to_shape(Atom{}, make_shape(Int<M>{}, Int<KTile>{}), Order{});
  Tensor s = make_tensor(make_smem_ptr(reinterpret_cast<T*>(g_smem)), smem_layout);
  Tensor t = local_tile(s, make_shape(Int<M>{}, Int<KAtom>{}), make_coord(Int<0>{}, Int<KB>{}));

  GmmaDescriptor d = G::make_gmma_desc<Maj>(t);

  using ByteSw = get_swizzle_t<decltype(t)>;                       // acts on byte addresses
  auto elem_sw = recast_layout<uint8_t, T>(ByteSw{});              // same swizzle on element offsets
  unsigned off = unsigned(__cvta_generic_to_shared(raw_pointer_cast(t.data())));
  // Self-check of the header's claim: byte address of t(i) == sizeof(T) * elem_sw(off/sizeof(T) + layout(i)).
  for (int i = 0; i < size(t); ++i) {
    size_t got = __cvta_generic_to_shared(&t(i));
    size_t want = sizeof(T) * size_t(elem_sw(int(off / sizeof(T) + t.layout()(i))));
    if (got != want) { fprintf(stderr, "swizzle check failed: %s %s %d\n", dtype, major, i); exit(1); }
  }

  printf("%s %s %d %d %d ", dtype, major, swz_bytes, M, KB);
  // Sliced tensor as print(tensor) shows it (swizzle_ptr prefix omitted by CuTe for Sw<0,..>),
  // with " o " -> "_o_" and the host pointer replaced by its smem byte address.
  if (ByteSw::num_bits != 0) { print(ByteSw{}); printf("_"); }
  printf("smem_ptr[%db](0x%04x)_o_", int(sizeof_bits<T>::value), off);
  print(t.layout()); printf(" ");
  print(t.layout()); printf(" ");
  print(elem_sw);
  printf(" 0x%016llx %u %u %u %u %u\n", (unsigned long long)d.desc_,
         unsigned(d.bitfield.start_address_), unsigned(d.bitfield.leading_byte_offset_),
         unsigned(d.bitfield.stride_byte_offset_), unsigned(d.bitfield.base_offset_),
         unsigned(d.bitfield.layout_type_));
  }
}

template <class T, G::Major Maj, class Atom, int KTile, int KAtom>
void emit_atom(char const* dtype, char const* major, int swz) {
  emit<T, Maj, Atom, 64, KTile, KAtom, 0>(dtype, major, swz);
  emit<T, Maj, Atom, 64, KTile, KAtom, 1>(dtype, major, swz);
  emit<T, Maj, Atom, 128, KTile, KAtom, 0>(dtype, major, swz);
  emit<T, Maj, Atom, 128, KTile, KAtom, 1>(dtype, major, swz);
}

// K_TILE = 128 bytes of K, K_ATOM = 32 bytes of K.
template <class T>
void emit_type(char const* dtype) {
  constexpr int KT = 1024 / sizeof_bits<T>::value, KA = 256 / sizeof_bits<T>::value;
  emit_atom<T, G::Major::K, G::Layout_K_INTER_Atom<T>, KT, KA>(dtype, "k", 0);
  emit_atom<T, G::Major::K, G::Layout_K_SW32_Atom<T>, KT, KA>(dtype, "k", 32);
  emit_atom<T, G::Major::K, G::Layout_K_SW64_Atom<T>, KT, KA>(dtype, "k", 64);
  emit_atom<T, G::Major::K, G::Layout_K_SW128_Atom<T>, KT, KA>(dtype, "k", 128);
  emit_atom<T, G::Major::MN, G::Layout_MN_INTER_Atom<T>, KT, KA>(dtype, "mn", 0);
  emit_atom<T, G::Major::MN, G::Layout_MN_SW32_Atom<T>, KT, KA>(dtype, "mn", 32);
  emit_atom<T, G::Major::MN, G::Layout_MN_SW64_Atom<T>, KT, KA>(dtype, "mn", 64);
  emit_atom<T, G::Major::MN, G::Layout_MN_SW128_Atom<T>, KT, KA>(dtype, "mn", 128);
}

int main() {
  fputs(kHeader, stdout);
  emit_type<half_t>("f16");
  emit_type<tfloat32_t>("tf32");
  emit_type<float_e4m3_t>("f8E4M3FN");
}
