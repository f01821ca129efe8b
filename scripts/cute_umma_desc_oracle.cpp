// Golden SM100 UMMA descriptors from CUTLASS's own C++, compiled for the host with g++ (no GPU, no nvcc):
//   section smem : cute::UMMA::make_umma_desc<Major>(tensor)       -> 64-bit UMMA::SmemDescriptor
//   section instr: cute::UMMA::make_instr_desc<A,B,C,M,N,...>()    -> 32-bit UMMA::InstrDescriptor
//   section instr_sparse: make_instr_desc<..., is_sparse = true>() (same columns as instr)
//   section instr_block_scaled: cute::UMMA::make_instr_desc_block_scaled<A,B,float,SF,M,N,...>()
// Output: tests/fixtures/umma_descriptors.txt (column meanings in the header it prints).
//
// Build and run (from /work/main):
//   mkdir -p /tmp/cutlass && git -C /work/.mirror/NVIDIA+cutlass/repo archive HEAD include | tar -x -C /tmp/cutlass
//     (it may complain "invalid object ... media/images/..."; include/ is still extracted in full)
//   python3 -m venv /tmp/cudahdr && /tmp/cudahdr/bin/pip install --no-deps \
//       nvidia-cuda-runtime-cu12==12.9.79 nvidia-cuda-nvcc-cu12==12.9.86 nvidia-cuda-cccl-cu12==12.9.27
//   N=/tmp/cudahdr/lib/python3.11/site-packages/nvidia   # adjust python3.X to the venv's Python
//   g++ -std=c++17 -O0 -I/tmp/cutlass/include -I$N/cuda_cccl/include -I$N/cuda_runtime/include \
//       -I$N/cuda_nvcc/include scripts/cute_umma_desc_oracle.cpp -o /tmp/cute_umma_desc_oracle
//   /tmp/cute_umma_desc_oracle > tests/fixtures/umma_descriptors.txt
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
#include <cute/atom/mma_traits_sm100.hpp>

using namespace cute;
namespace U = cute::UMMA;

// Bit range [lo,hi) of one bitfield member: set it to all ones in an otherwise zero union.
#define FIELD_BITS(Union, f) field_bits([] { Union u{}; u.desc_ = 0; u.f = 0; u.f--; return uint64_t(u.desc_); }())
static char const* field_bits(uint64_t mask) {
  static char buf[32][16]; static int n = 0;  // ring: one printf uses up to 13
  int lo = __builtin_ctzll(mask), hi = 64 - __builtin_clzll(mask);
  char* b = buf[n++ % 32]; snprintf(b, 16, "[%d,%d)", lo, hi); return b;
}

static void smem_header() {
  printf(
"# smem section: shared-memory matrix descriptors, desc = cute::UMMA::make_umma_desc<Major>(slice).\n"
"# Case: smem = tile_to_shape(UMMA::Layout_<MAJOR>_<SW>_Atom<T>, (M, K_TILE), MN ? Step<_2,_1> : Step<_1,_2>)  (same mode order as\n"
"#   the sm100 collectives), K_TILE = 128 bytes of K; tensor = make_tensor(make_smem_ptr<T>(base), smem) with base = smem byte address 0\n"
"#   (1024B aligned); slice = local_tile(tensor, (M, K_ATOM), (0, k_block)), K_ATOM = 32 bytes of K (one UMMA instruction's K).\n"
"#   UMMA::Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom are the GMMA atoms (re-exported); UMMA::Layout_MN_SW128_32B_Atom (MN only,\n"
"#   Sw<2,5,2> on bytes, 128 bytes of MN x 4 of K) is new in SM100: its rows have swizzle_bytes 128 and atom=MN_SW128_32B.\n"
"# Columns: dtype major swizzle_bytes M k_block cute_tensor elem_layout elem_swizzle desc start_address leading_byte_offset\n"
"#   stride_byte_offset base_offset layout_type version lbo_mode atom\n"
"#  (the first 14 columns mean what they mean in tests/fixtures/gmma_descriptors.txt, except layout_type's encoding, below)\n"
"#  cute_tensor : print(slice) with ' o ' -> '_o_' and the pointer shown as its smem BYTE address; the leading Sw<B,M,S> (absent for\n"
"#                INTER, where CuTe decays the swizzle_ptr to a plain smem_ptr) is CuTe's swizzle_ptr swizzle, applied to BYTE addresses.\n"
"#  elem_layout : layout(slice), strides in ELEMENTS of dtype, relative to the slice start (offset not included).\n"
"#  elem_swizzle: recast_layout<uint8_t,T>(Sw<B,M,S>) = Sw<B,M-log2(sizeof T),S>: the same swizzle over ELEMENT offsets measured from the\n"
"#                1024B-aligned smem base (not from the slice start). Exactly (checked for every element by the generator):\n"
"#                byte_addr(slice(i)) = sizeof(T) * elem_swizzle(start_address*16/sizeof(T) + elem_layout(i))\n"
"#                                    = Sw<B,M,S>(start_address*16 + sizeof(T)*elem_layout(i)).\n"
"#                Sw<B,M,S>(x) = x ^ ((x >> S) & (((1<<B)-1) << M)), i.e. bits [M,M+B) ^= bits [M+S,M+S+B).\n"
"#  desc: the uint64 UMMA::SmemDescriptor; fields decoded from its bitfield (member names without the trailing '_'):\n"
"#        start_address %s  leading_byte_offset %s  stride_byte_offset %s  version %s\n"
"#        base_offset %s  lbo_mode %s  layout_type %s  (all other bits 0)\n"
"#        start_address, leading_byte_offset, stride_byte_offset are in 16-byte units (4 LSBs dropped); start_address is real (host\n"
"#        shim: cast_smem_ptr_to_uint = byte offset from the 1024B-aligned buffer). make_umma_desc hardcodes version=1 (Blackwell),\n"
"#        lbo_mode=0 (legacy), base_offset=0. layout_type (UMMA::LayoutType): 0=SWIZZLE_NONE, 1=SWIZZLE_128B_BASE32B, 2=SWIZZLE_128B,\n"
"#        4=SWIZZLE_64B, 6=SWIZZLE_32B. A 0 LBO/SBO means CuTe read the stride of a size-1 mode (e.g. MN-major with a single atom\n"
"#        along MN, or MN-major tf32, whose 32-byte K block is a single 8-row core matrix along K). MN-major rows for every dtype\n"
"#        are what make_umma_desc returns (InstrDescriptor's a/b_major comment allows MN-major for E4M3, E5M2, INT8, F16, BF16, TF32).\n"
"#  atom: the UMMA::Layout_<atom>_Atom used.\n",
    FIELD_BITS(U::SmemDescriptor, start_address_), FIELD_BITS(U::SmemDescriptor, leading_byte_offset_),
    FIELD_BITS(U::SmemDescriptor, stride_byte_offset_), FIELD_BITS(U::SmemDescriptor, version_),
    FIELD_BITS(U::SmemDescriptor, base_offset_), FIELD_BITS(U::SmemDescriptor, lbo_mode_),
    FIELD_BITS(U::SmemDescriptor, layout_type_));
}

// One (M x K_ATOM) k-block of tile_to_shape(Atom, (M, K_TILE)), i.e. what one UMMA reads.
template <class T, U::Major Maj, class Atom, int M, int KTile, int KAtom, int KB>
void emit(char const* dtype, char const* major, int swz_bytes, char const* atom) {
  if constexpr (M % size<0>(Atom{}) != 0) {  // e.g. the 8-bit MN SW128 atom is 128 elements in M
    printf("# dropped: %s %s %d %d %d %s (tile_to_shape: atom ", dtype, major, swz_bytes, M, KB, atom);
    print(Atom{}); printf(" does not divide M)\n");
  } else {
  // Same ordering as the CUTLASS sm100 collectives: K-major Step<_1,_2>, MN-major Step<_2,_1>.
  using Order = conditional_t<Maj == U::Major::MN, Step<_2, _1>, Step<_1, _2>>;
  auto smem_layout = tile_to_shape(Atom{}, make_shape(Int<M>{}, Int<KTile>{}), Order{});
  Tensor s = make_tensor(make_smem_ptr(reinterpret_cast<T*>(g_smem)), smem_layout);
  Tensor t = local_tile(s, make_shape(Int<M>{}, Int<KAtom>{}), make_coord(Int<0>{}, Int<KB>{}));

  U::SmemDescriptor d = U::make_umma_desc<Maj>(t);

  using ByteSw = get_swizzle_t<decltype(t)>;                       // acts on byte addresses
  auto elem_sw = recast_layout<uint8_t, T>(ByteSw{});              // same swizzle on element offsets
  unsigned off = unsigned(__cvta_generic_to_shared(raw_pointer_cast(t.data())));
  // Self-check of the header's claim: byte address of t(i) == sizeof(T) * elem_sw(off/sizeof(T) + layout(i)).
  for (int i = 0; i < size(t); ++i) {
    size_t got = __cvta_generic_to_shared(&t(i));
    size_t want = sizeof(T) * size_t(elem_sw(int(off / sizeof(T) + t.layout()(i))));
    if (got != want) { fprintf(stderr, "swizzle check failed: %s %s %s %d\n", dtype, major, atom, i); exit(1); }
  }

  printf("%s %s %d %d %d ", dtype, major, swz_bytes, M, KB);
  if (ByteSw::num_bits != 0) { print(ByteSw{}); printf("_"); }
  printf("smem_ptr[%db](0x%04x)_o_", int(sizeof_bits<T>::value), off);
  print(t.layout()); printf(" ");
  print(t.layout()); printf(" ");
  print(elem_sw);
  printf(" 0x%016llx %u %u %u %u %u %u %u %s\n", (unsigned long long)d.desc_,
         unsigned(d.start_address_), unsigned(d.leading_byte_offset_), unsigned(d.stride_byte_offset_),
         unsigned(d.base_offset_), unsigned(d.layout_type_), unsigned(d.version_), unsigned(d.lbo_mode_), atom);
  }
}

template <class T, U::Major Maj, class Atom, int KTile, int KAtom>
void emit_atom(char const* dtype, char const* major, int swz, char const* atom) {
  emit<T, Maj, Atom, 64, KTile, KAtom, 0>(dtype, major, swz, atom);
  emit<T, Maj, Atom, 64, KTile, KAtom, 1>(dtype, major, swz, atom);
  emit<T, Maj, Atom, 128, KTile, KAtom, 0>(dtype, major, swz, atom);
  emit<T, Maj, Atom, 128, KTile, KAtom, 1>(dtype, major, swz, atom);
}

// K_TILE = 128 bytes of K, K_ATOM = 32 bytes of K.
template <class T>
void emit_type(char const* dtype) {
  constexpr int KT = 1024 / sizeof_bits<T>::value, KA = 256 / sizeof_bits<T>::value;
  constexpr auto K = U::Major::K, MN = U::Major::MN;
  emit_atom<T, K, U::Layout_K_INTER_Atom<T>, KT, KA>(dtype, "k", 0, "K_INTER");
  emit_atom<T, K, U::Layout_K_SW32_Atom<T>, KT, KA>(dtype, "k", 32, "K_SW32");
  emit_atom<T, K, U::Layout_K_SW64_Atom<T>, KT, KA>(dtype, "k", 64, "K_SW64");
  emit_atom<T, K, U::Layout_K_SW128_Atom<T>, KT, KA>(dtype, "k", 128, "K_SW128");
  emit_atom<T, MN, U::Layout_MN_INTER_Atom<T>, KT, KA>(dtype, "mn", 0, "MN_INTER");
  emit_atom<T, MN, U::Layout_MN_SW32_Atom<T>, KT, KA>(dtype, "mn", 32, "MN_SW32");
  emit_atom<T, MN, U::Layout_MN_SW64_Atom<T>, KT, KA>(dtype, "mn", 64, "MN_SW64");
  emit_atom<T, MN, U::Layout_MN_SW128_Atom<T>, KT, KA>(dtype, "mn", 128, "MN_SW128");
  emit_atom<T, MN, U::Layout_MN_SW128_32B_Atom<T>, KT, KA>(dtype, "mn", 128, "MN_SW128_32B");
}

// ---------------------------------------------------------------------------------------------------------------
// Instruction descriptors.

#define IFIELD(f) FIELD_BITS(U::InstrDescriptor, f##_), #f
static void instr_header() {
  printf(
"# instr section: instruction descriptors, idesc = uint32_t(cute::UMMA::make_instr_desc<a_type, b_type, c_type, M, N, a_major,\n"
"#   b_major, a_neg, b_neg, c_sat>())  (is_sparse=false, max_shift=NoShift). For every line the generator also checks\n"
"#   UMMA::make_runtime_instr_desc<same args>() == uint64_t(idesc) << 32 (the idesc goes in the upper 32 bits of the 64-bit operand).\n"
"# Columns: a b c M N a_major b_major a_neg b_neg saturate idesc fields\n"
"#   a, b, c: element types (bf16=bfloat16_t, f16=half_t, tf32=tfloat32_t, f8E4M3FN=float_e4m3_t, f8E5M2=float_e5m2_t, si8=int8_t,\n"
"#   ui8=uint8_t, f32=float, i32=int32_t); a_major/b_major k|mn (UMMA::Major K=0, MN=1); a_neg/b_neg 1 = UMMA::ScaleIn::Neg;\n"
"#   saturate 1 = UMMA::Saturate::True; fields: every InstrDescriptor bitfield decoded, name=value.\n"
"# InstrDescriptor bitfields (CUTLASS member names without the trailing '_'; bits not listed are 0):\n"
"#   %s %s  %s %s  %s %s  %s %s  %s %s  %s %s  %s %s\n"
"#   %s %s  %s %s  %s %s  %s %s  %s %s  %s %s\n"
"#   m_dim = M >> 4, n_dim = N >> 3; max_shift: 0=NoShift,1=8,2=16,3=32.\n"
"# Format encodings (make_instr_desc: a_format = to_UMMAFormat<a_type>(), b_format likewise, c_format = to_CFormat<c_type>()):\n"
"#   a/b: F16F32Format F16=0 BF16=1 TF32=2 | S8Format UINT8=0 INT8=1 | MXF8F6F4Format E4M3=0 E5M2=1 E2M3=3 E3M2=4 E2M1=5\n"
"#   c:   CFormat F16=0 F32=1 S32=2\n"
"#   so: bf16=%d f16=%d tf32=%d f8E4M3FN=%d f8E5M2=%d si8=%d ui8=%d (a/b);  f16=%d f32=%d i32=%d (c)\n",
    IFIELD(sparse_id2), IFIELD(sparse_flag), IFIELD(saturate), IFIELD(c_format), IFIELD(a_format), IFIELD(b_format),
    IFIELD(a_negate), IFIELD(b_negate), IFIELD(a_major), IFIELD(b_major), IFIELD(n_dim), IFIELD(m_dim), IFIELD(max_shift),
    int(U::to_UMMAFormat<bfloat16_t>()), int(U::to_UMMAFormat<half_t>()), int(U::to_UMMAFormat<tfloat32_t>()),
    int(U::to_UMMAFormat<float_e4m3_t>()), int(U::to_UMMAFormat<float_e5m2_t>()), int(U::to_UMMAFormat<int8_t>()),
    int(U::to_UMMAFormat<uint8_t>()), int(U::to_CFormat<half_t>()), int(U::to_CFormat<float>()), int(U::to_CFormat<int32_t>()));
}

template <class A, class B, class C, int M, int N, U::Major AM, U::Major BM,
          U::ScaleIn AN = U::ScaleIn::One, U::ScaleIn BN = U::ScaleIn::One, U::Saturate S = U::Saturate::False,
          bool SP = false>
void instr(char const* a, char const* b, char const* c) {
  U::InstrDescriptor d = U::make_instr_desc<A, B, C, M, N, AM, BM, AN, BN, S, SP>();
  uint64_t rt = U::make_runtime_instr_desc<A, B, C, M, N, AM, BM, AN, BN, S, SP>();
  if (rt != uint64_t(d.desc_) << 32) { fprintf(stderr, "runtime idesc mismatch: %s %s %s %d %d\n", a, b, c, M, N); exit(1); }
  auto mj = [](U::Major m) { return m == U::Major::MN ? "mn" : "k"; };
  printf("%s %s %s %d %d %s %s %d %d %d 0x%08x ", a, b, c, M, N, mj(AM), mj(BM), int(AN), int(BN), int(S), unsigned(d.desc_));
  printf("sparse_id2=%u,sparse_flag=%u,saturate=%u,c_format=%u,a_format=%u,b_format=%u,a_negate=%u,b_negate=%u,"
         "a_major=%u,b_major=%u,n_dim=%u,m_dim=%u,max_shift=%u\n",
         unsigned(d.sparse_id2_), unsigned(d.sparse_flag_), unsigned(d.saturate_), unsigned(d.c_format_),
         unsigned(d.a_format_), unsigned(d.b_format_), unsigned(d.a_negate_), unsigned(d.b_negate_),
         unsigned(d.a_major_), unsigned(d.b_major_), unsigned(d.n_dim_), unsigned(d.m_dim_), unsigned(d.max_shift_));
}

template <class A, class B, class SF, int M, int N, U::Major AM, U::Major BM, bool SP = false>
void instr_bs(char const* a, char const* b, char const* sf) {
  auto d = U::make_instr_desc_block_scaled<A, B, float, SF, M, N, AM, BM, U::ScaleIn::One, U::ScaleIn::One, SP>();
  auto mj = [](U::Major m) { return m == U::Major::MN ? "mn" : "k"; };
  printf("%s %s %s %d %d %s %s %d 0x%08x\n", a, b, sf, M, N, mj(AM), mj(BM), int(SP), unsigned(d.desc_));
}

template <class A, class B, class SF, U::Major AM, U::Major BM>
void bs(char const* a, char const* b, char const* sf) {
  instr_bs<A, B, SF, 128, 64, AM, BM>(a, b, sf);  instr_bs<A, B, SF, 128, 128, AM, BM>(a, b, sf);
  instr_bs<A, B, SF, 128, 256, AM, BM>(a, b, sf); instr_bs<A, B, SF, 256, 256, AM, BM>(a, b, sf);
}

template <class A, class B, class C, U::Major AM, U::Major BM>
void instr_mn(char const* a, char const* b, char const* c) {
  instr<A, B, C, 64, 64, AM, BM>(a, b, c);  instr<A, B, C, 64, 128, AM, BM>(a, b, c);  instr<A, B, C, 64, 256, AM, BM>(a, b, c);
  instr<A, B, C, 128, 64, AM, BM>(a, b, c); instr<A, B, C, 128, 128, AM, BM>(a, b, c); instr<A, B, C, 128, 256, AM, BM>(a, b, c);
}

template <class A, class B, class C>
void instr_majors(char const* a, char const* b, char const* c) {  // 16-bit inputs: all four major pairs
  constexpr auto K = U::Major::K, MN = U::Major::MN;
  instr_mn<A, B, C, K, K>(a, b, c);  instr_mn<A, B, C, MN, K>(a, b, c);
  instr_mn<A, B, C, K, MN>(a, b, c); instr_mn<A, B, C, MN, MN>(a, b, c);
}

int main() {
  printf("# Golden SM100 UMMA descriptors from CUTLASS (cute/arch/mma_sm100_desc.hpp), host g++ build\n"
         "# (generator: scripts/cute_umma_desc_oracle.cpp; CUTLASS commit 7107b05535f8977f5ecb9d01ee203205b1fd9bc4).\n");
  printf("# section smem\n");
  smem_header();
  emit_type<half_t>("f16");
  emit_type<tfloat32_t>("tf32");
  emit_type<float_e4m3_t>("f8E4M3FN");

  printf("# section instr\n");
  instr_header();
  constexpr auto K = U::Major::K;
  instr_majors<bfloat16_t, bfloat16_t, float>("bf16", "bf16", "f32");
  instr_majors<half_t, half_t, float>("f16", "f16", "f32");
  instr_majors<half_t, half_t, half_t>("f16", "f16", "f16");
  instr_mn<tfloat32_t, tfloat32_t, float, K, K>("tf32", "tf32", "f32");
  instr_mn<float_e4m3_t, float_e4m3_t, float, K, K>("f8E4M3FN", "f8E4M3FN", "f32");
  instr_mn<float_e5m2_t, float_e4m3_t, half_t, K, K>("f8E5M2", "f8E4M3FN", "f16");
  instr_mn<int8_t, int8_t, int32_t, K, K>("si8", "si8", "i32");
  instr_mn<uint8_t, int8_t, int32_t, K, K>("ui8", "si8", "i32");
  instr<half_t, half_t, float, 64, 8, K, K>("f16", "f16", "f32");                                  // smallest N
  instr<bfloat16_t, bfloat16_t, float, 128, 128, K, K, U::ScaleIn::Neg>("bf16", "bf16", "f32");    // a_negate
  instr<bfloat16_t, bfloat16_t, float, 128, 128, K, K, U::ScaleIn::One, U::ScaleIn::Neg>("bf16", "bf16", "f32");  // b_negate
  instr<int8_t, int8_t, int32_t, 128, 128, K, K, U::ScaleIn::One, U::ScaleIn::One, U::Saturate::True>("si8", "si8", "i32");

  printf("# section instr_sparse\n"
         "# make_instr_desc<a, b, c, M, N, a_major, b_major, a_neg, b_neg, c_sat, is_sparse = true>(): the instr section's columns.\n");
  constexpr auto MN = U::Major::MN;
  instr<half_t, half_t, float, 128, 128, K, K, U::ScaleIn::One, U::ScaleIn::One, U::Saturate::False, true>("f16", "f16", "f32");
  instr<bfloat16_t, bfloat16_t, float, 128, 256, K, K, U::ScaleIn::One, U::ScaleIn::One, U::Saturate::False, true>("bf16", "bf16", "f32");
  instr<bfloat16_t, bfloat16_t, float, 64, 128, MN, K, U::ScaleIn::One, U::ScaleIn::One, U::Saturate::False, true>("bf16", "bf16", "f32");
  instr<tfloat32_t, tfloat32_t, float, 128, 64, K, K, U::ScaleIn::One, U::ScaleIn::One, U::Saturate::False, true>("tf32", "tf32", "f32");
  instr<float_e4m3_t, float_e4m3_t, float, 128, 128, K, K, U::ScaleIn::One, U::ScaleIn::One, U::Saturate::False, true>("f8E4M3FN", "f8E4M3FN", "f32");
  instr<int8_t, int8_t, int32_t, 128, 256, K, K, U::ScaleIn::One, U::ScaleIn::One, U::Saturate::False, true>("si8", "si8", "i32");

  printf("# section instr_block_scaled\n"
         "# idesc = uint32_t(cute::UMMA::make_instr_desc_block_scaled<a, b, float, sf, M, N, a_major, b_major, One, One, is_sparse>())\n"
         "#   (UMMA::InstrDescriptorBlockScaled: no c_format, scale_format at bit 23 (UE4M3=0, UE8M0=1), the scale-factor ids 0).\n"
         "# Columns: a b sf M N a_major b_major sparse idesc. a/b f4E2M1FN paired with f4E2M1FN is float_e2m1_t (MXF4Format E2M1=1,\n"
         "#   kinds mxf4 / mxf4nvf4); beside an FP8/FP6 operand it is detail::float_e2m1_unpacksmem_t (MXF8F6F4Format E2M1=5, kind\n"
         "#   mxf8f6f4); f6E2M3FN = float_e2m3_t, f6E3M2FN = float_e3m2_t; sf f8E8M0FNU = float_ue8m0_t, f8E4M3FN = float_ue4m3_t.\n");
  using E8 = cutlass::float_ue8m0_t;
  using E4 = cutlass::float_ue4m3_t;
  using F4 = cutlass::float_e2m1_t;
  using F4u = cutlass::detail::float_e2m1_unpacksmem_t;
  bs<float_e4m3_t, float_e4m3_t, E8, K, K>("f8E4M3FN", "f8E4M3FN", "f8E8M0FNU");
  bs<float_e4m3_t, float_e4m3_t, E8, MN, MN>("f8E4M3FN", "f8E4M3FN", "f8E8M0FNU");
  bs<float_e5m2_t, float_e4m3_t, E8, K, MN>("f8E5M2", "f8E4M3FN", "f8E8M0FNU");
  bs<float_e2m3_t, float_e3m2_t, E8, K, K>("f6E2M3FN", "f6E3M2FN", "f8E8M0FNU");
  bs<F4u, float_e4m3_t, E8, K, K>("f4E2M1FN", "f8E4M3FN", "f8E8M0FNU");
  bs<F4, F4, E8, K, K>("f4E2M1FN", "f4E2M1FN", "f8E8M0FNU");
  bs<F4, F4, E4, K, K>("f4E2M1FN", "f4E2M1FN", "f8E4M3FN");
  instr_bs<float_e4m3_t, float_e4m3_t, E8, 128, 128, K, K, true>("f8E4M3FN", "f8E4M3FN", "f8E8M0FNU");
  instr_bs<F4, F4, E4, 128, 256, K, K, true>("f4E2M1FN", "f4E2M1FN", "f8E4M3FN");
}
