//! The UMMA kinds the GEMM examples do not reach (PTX ISA 9.7.16.10),
//! each in one `tcgen05.mma` of a hand-written kernel:
//! - the 6- and 4-bit kinds: `.kind::mxf4` / `.kind::mxf4nvf4` (e2m1 two
//!   a byte, K = 64, 2 or 4 scale factors a row, UE8M0 or UE4M3) and
//!   `.kind::f8f6f4` / `.kind::mxf8f6f4` on e2m3, e3m2 and e2m1 (each 16 of
//!   K packed into the first 12 or 8 bytes of a 16-byte chunk, K = 32);
//! - sparse A (`tcgen05.mma.sp`, 9.7.16.10.8) of every kind: tf32 1:2,
//!   f16, i8, f8f6f4 and mxf8f6f4 2:4, mxf4nvf4 4:8 in pairs, A's kept
//!   values placed by 4-bit nibbles of metadata in tensor memory.
//! One warpgroup copies a shared-memory image the test lays out (the
//! no-swizzle K-major canonical layout: 8-row core matrices of 16-byte
//! rows, LBO 128 bytes between K's core matrices, SBO between M's) and a
//! tensor-memory image of scale factors (columns 32-36) and metadata
//! (40-41) by tcgen05.st; thread 0 issues one 128 x 16 UMMA into columns
//! 0-15 and commits it, and every thread stores its lane of D. The
//! reference decodes the ISA's formats here (5.2.5: sign, exponent,
//! mantissa, bias 2^(e-1) - 1, subnormals at exponent 0) and multiplies on
//! the host. Where the ISA shows the metadata's place in figures only, the
//! test places it as CUTLASS's `tmem_e_frg` does (as the emulator).

use cute_emu::launch::{self, Arg, Dtype, Init, Launch};
use cute_emu::machine::HazardKind;

const KERNEL: &str = "\
.version 8.7\n.target sm_100a\n.address_size 64\n\
.visible .entry k(.param .u64 img, .param .u64 tm, .param .u64 out, .param .u64 adesc, .param .u64 bdesc, .param .u32 idesc)\n{\n\
.reg .b32 %r<70>;\n.reg .b64 %rd<20>;\n.reg .pred %p<6>;\n\
.shared .align 128 .b8 tile[5120];\n.shared .align 8 .b64 bar;\n.shared .align 4 .b32 slot;\n\
ld.param.u64 %rd1, [img];\nld.param.u64 %rd2, [tm];\nld.param.u64 %rd3, [out];\n\
mov.u32 %r1, %tid.x;\nmov.u32 %r2, tile;\nmov.u32 %r3, %r1;\n\
COPY:\nmul.wide.u32 %rd4, %r3, 4;\nadd.s64 %rd5, %rd1, %rd4;\nld.global.u32 %r4, [%rd5];\n\
shl.b32 %r5, %r3, 2;\nadd.u32 %r6, %r2, %r5;\nst.shared.u32 [%r6], %r4;\n\
add.u32 %r3, %r3, 128;\nsetp.lt.u32 %p1, %r3, 1280;\n@%p1 bra COPY;\n\
fence.proxy.async.shared::cta;\n\
shr.u32 %r7, %r1, 5;\nsetp.eq.u32 %p2, %r7, 0;\n@!%p2 bra SKIP;\n\
tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [slot], 64;\n\
tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;\n\
SKIP:\nsetp.eq.u32 %p3, %r1, 0;\n@%p3 mbarrier.init.shared::cta.b64 [bar], 1;\n\
tcgen05.fence::before_thread_sync;\nbar.sync 0;\ntcgen05.fence::after_thread_sync;\n\
ld.shared.u32 %r8, [slot];\n\
mul.wide.u32 %rd6, %r1, 64;\nadd.s64 %rd7, %rd2, %rd6;\n\
ld.global.v4.u32 {%r10, %r11, %r12, %r13}, [%rd7];\nld.global.v4.u32 {%r14, %r15, %r16, %r17}, [%rd7+16];\n\
ld.global.v4.u32 {%r50, %r51, %r52, %r53}, [%rd7+32];\nld.global.v4.u32 {%r54, %r55, %r56, %r57}, [%rd7+48];\n\
shl.b32 %r9, %r7, 21;\nadd.u32 %r18, %r8, %r9;\nadd.u32 %r19, %r18, 32;\n\
tcgen05.st.sync.aligned.32x32b.x16.b32 [%r19], {%r10, %r11, %r12, %r13, %r14, %r15, %r16, %r17, %r50, %r51, %r52, %r53, %r54, %r55, %r56, %r57};\n\
tcgen05.wait::st.sync.aligned;\n\
tcgen05.fence::before_thread_sync;\nbar.sync 0;\ntcgen05.fence::after_thread_sync;\n\
@!%p3 bra WAIT;\n\
ld.param.u64 %rd8, [adesc];\nld.param.u64 %rd9, [bdesc];\nld.param.u32 %r20, [idesc];\n\
shr.u32 %r21, %r2, 4;\ncvt.u64.u32 %rd10, %r21;\nor.b64 %rd11, %rd8, %rd10;\n\
add.u32 %r22, %r2, 4096;\nshr.u32 %r23, %r22, 4;\ncvt.u64.u32 %rd12, %r23;\nor.b64 %rd13, %rd9, %rd12;\n\
add.u32 %r24, %r8, 32;\nadd.u32 %r25, %r8, 36;\nadd.u32 %r26, %r8, 40;\nsetp.ne.u32 %p4, %r1, 0;\n\
MMA\n\
tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [bar];\n\
WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 %p5, [bar], 0;\n@!%p5 bra WAIT;\n\
tcgen05.fence::after_thread_sync;\n\
tcgen05.ld.sync.aligned.32x32b.x16.b32 {%r30, %r31, %r32, %r33, %r34, %r35, %r36, %r37, %r38, %r39, %r40, %r41, %r42, %r43, %r44, %r45}, [%r18];\n\
tcgen05.wait::ld.sync.aligned;\n\
mul.wide.u32 %rd14, %r1, 64;\nadd.s64 %rd15, %rd3, %rd14;\n\
st.global.v4.u32 [%rd15], {%r30, %r31, %r32, %r33};\nst.global.v4.u32 [%rd15+16], {%r34, %r35, %r36, %r37};\n\
st.global.v4.u32 [%rd15+32], {%r38, %r39, %r40, %r41};\nst.global.v4.u32 [%rd15+48], {%r42, %r43, %r44, %r45};\n\
tcgen05.fence::before_thread_sync;\nbar.sync 0;\n@!%p2 bra END;\n\
tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r8, 64;\nEND:\nret;\n}\n";

/// A no-swizzle K-major descriptor's constant part (9.7.16.4.1) for rows
/// of `row_bytes`: LBO 128 bytes (bits 16-29, in 16-byte units), SBO the
/// 8 rows' core matrices (bits 32-45), bit 46 (the tcgen05 version); the
/// kernel ors in the start address.
fn desc(row_bytes: usize) -> u64 {
    (128 >> 4) << 16 | ((row_bytes / 16 * 128) as u64 >> 4) << 32 | 1 << 46
}
const M: usize = 128;
const N: usize = 16;
/// The tensor-memory image's words of a lane: columns 32-47.
const WORDS: usize = 16;

/// splitmix64: the test's inputs.
fn mix(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A sign, exponent, mantissa float (5.2.5.2-3; the codes drawn here avoid
/// e4m3's NaN).
fn minifloat(code: u32, e_bits: u32, m_bits: u32) -> f64 {
    let sign = if code >> (e_bits + m_bits) & 1 == 1 { -1.0 } else { 1.0 };
    let (e, m) = ((code >> m_bits) & ((1 << e_bits) - 1), f64::from(code & ((1 << m_bits) - 1)));
    let bias = (1 << (e_bits - 1)) - 1;
    let frac = f64::from(1u32 << m_bits);
    if e == 0 {
        sign * m / frac * 2f64.powi(1 - bias)
    } else {
        sign * (1.0 + m / frac) * 2f64.powi(e as i32 - bias)
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Ty {
    E2m1,
    E2m3,
    E3m2,
    E4m3,
    S8,
    F16,
    Tf32,
}

impl Ty {
    fn bits(self) -> usize {
        match self {
            Ty::E2m1 => 4,
            Ty::E2m3 | Ty::E3m2 => 6,
            Ty::E4m3 | Ty::S8 => 8,
            Ty::F16 => 16,
            Ty::Tf32 => 32,
        }
    }

    /// A random element: its code and its value.
    fn sample(self, r: u64) -> (u64, f64) {
        let small = (r % 9) as f64 - 4.0;
        match self {
            Ty::E2m1 | Ty::E2m3 | Ty::E3m2 => {
                let code = r % (1 << self.bits());
                let (e, m) = match self {
                    Ty::E2m1 => (2, 1),
                    Ty::E2m3 => (2, 3),
                    _ => (3, 2),
                };
                (code, minifloat(code as u32, e, m))
            }
            Ty::E4m3 => {
                let code = 0x28 + r % 0x20 | (r >> 8 & 1) << 7;
                (code, minifloat(code as u32, 4, 3))
            }
            Ty::S8 => (r % 256, f64::from((r % 256) as u8 as i8)),
            Ty::F16 => (u64::from(half::f16::from_f64(small).to_bits()), small),
            Ty::Tf32 => (u64::from((small as f32).to_bits()), small),
        }
    }

    /// The f8f6f4 type field (table 45); the others' per kind.
    fn field(self) -> u32 {
        match self {
            Ty::E2m1 => 5,
            Ty::E2m3 => 3,
            Ty::E3m2 => 4,
            Ty::E4m3 | Ty::F16 => 0,
            Ty::S8 => 1,
            Ty::Tf32 => 2,
        }
    }
}

/// The sparse structure of A: (group, kept a group, values an index
/// places), and where row m's nibble of group g lies: (lane, word of the
/// lane's image, bit) (CUTLASS's `tmem_e_frg`, M = 128).
#[derive(Clone, Copy)]
enum Sparse {
    F16,
    Tf32,
    Byte,
    Fp4,
}

impl Sparse {
    fn group(self) -> (usize, usize, usize) {
        match self {
            Sparse::F16 | Sparse::Byte => (4, 2, 1),
            Sparse::Tf32 => (2, 1, 1),
            Sparse::Fp4 => (8, 4, 2),
        }
    }
    fn place(self, m: usize, g: usize) -> (usize, usize, usize) {
        match self {
            Sparse::F16 | Sparse::Tf32 => (m % 8 + 16 * (m / 16) + 8 * (g / 4), 8, 16 * ((m / 8) % 2) + 4 * (g % 4)),
            Sparse::Byte | Sparse::Fp4 => (m, 8 + g / 8, 4 * (g % 8)),
        }
    }
    /// A random meaningful nibble (9.7.16.10.8) and the indices it gives.
    fn nibble(self, r: u64) -> (u32, Vec<usize>) {
        const MEANINGFUL: [u32; 7] = [0b0100, 0b1000, 0b1100, 0b1001, 0b1101, 0b0110, 0b1110];
        match self {
            Sparse::Tf32 => {
                let n = [0b0100, 0b1110][(r % 2) as usize];
                (n, vec![(n as usize & 3) / 2])
            }
            _ => {
                let n = MEANINGFUL[(r % 7) as usize];
                (n, vec![n as usize & 3, n as usize >> 2])
            }
        }
    }
}

/// One UMMA: its opcode, K (logical), A's and B's types, packed two a
/// byte (`mxf4*`) or not, the scale factors (how many a row, UE4M3, the
/// byte IDs of A and B) if block-scaled, and A's sparsity.
struct Case {
    opcode: &'static str,
    k: usize,
    a: Ty,
    b: Ty,
    packed: bool,
    scales: Option<(usize, bool, u32, u32)>,
    sparse: Option<Sparse>,
}

impl Case {
    /// The instruction descriptor (tables 45-47).
    fn idesc(&self) -> u32 {
        let n = (N as u32 >> 3) << 17;
        let sparse = u32::from(self.sparse.is_some()) << 2;
        sparse
            | n
            | match (self.scales, self.packed) {
                (Some((_, ue4m3, a_id, b_id)), true) => 1 << 7 | 1 << 10 | u32::from(!ue4m3) << 23 | 1 << 27 | a_id << 29 | b_id << 4,
                (Some((_, _, a_id, b_id)), false) => self.a.field() << 7 | self.b.field() << 10 | 1 << 23 | 1 << 27 | a_id << 29 | b_id << 4,
                // Dense kinds: D s32 (2) for i8, else f32 (1); M >> 4 in bits 24-28.
                (None, _) => (if self.a == Ty::S8 { 2 } else { 1 }) << 4 | self.a.field() << 7 | self.b.field() << 10 | (M as u32 >> 4) << 24,
            }
    }

    fn mma_line(&self) -> String {
        let meta = if self.sparse.is_some() { " [%r26]," } else { "" };
        let scales = if self.scales.is_some() { " [%r24], [%r25]," } else { "" };
        format!("{} [%r8], %rd11, %rd13,{meta} %r20,{scales} %p4;", self.opcode)
    }
}

/// `rows` x `k` random elements of `ty`: their values and the operand's
/// shared-memory image (rows of k elements, canonical).
fn operand(rows: usize, k: usize, ty: Ty, packed: bool, seed: u64) -> (Vec<Vec<f64>>, Vec<u8>) {
    let bits = ty.bits();
    // Sub-byte f8f6f4 types: 16 a 16-byte chunk; mxf4's e2m1: two a byte.
    let row_bytes = if bits < 8 && !packed { 16 * k.div_ceil(16) } else { (k * bits).div_ceil(8) };
    let mut values = vec![vec![0f64; k]; rows];
    let mut image = vec![0u8; rows * row_bytes];
    for (r, row) in values.iter_mut().enumerate() {
        let mut bytes = vec![0u8; row_bytes];
        for (kk, v) in row.iter_mut().enumerate() {
            let (code, value) = ty.sample(mix(seed ^ (r * 1000 + kk) as u64));
            *v = value;
            let bit = if bits < 8 && !packed { 128 * (kk / 16) + bits * (kk % 16) } else { bits * kk };
            for (i, byte) in bytes.iter_mut().enumerate().skip(bit / 8).take((bit % 8 + bits).div_ceil(8)) {
                *byte |= ((code << (bit % 8)) >> (8 * (i - bit / 8))) as u8;
            }
        }
        if bits < 8 && !packed {
            // The padding of each chunk holds junk the UMMA must ignore.
            for chunk in 0..row_bytes / 16 {
                for b in &mut bytes[16 * chunk + 2 * bits..16 * chunk + 16] {
                    *b = mix(seed ^ 0xdead ^ r as u64) as u8;
                }
            }
        }
        for (kb, &byte) in bytes.iter().enumerate() {
            image[(r / 8) * (row_bytes / 16 * 128) + (kb / 16) * 128 + (r % 8) * 16 + kb % 16] = byte;
        }
    }
    (values, image)
}

/// Scale factors (row, s) written into the tensor-memory image `tm`: row
/// r's factor s is byte `id` + s of lane r % 32 + 32 p (every p), word
/// `first` + r / 32; the other bytes junk.
fn scales(rows: usize, per_row: usize, ue4m3: bool, id: u32, first: usize, tm: &mut [u32], seed: u64) -> Vec<Vec<f64>> {
    const UE4M3: [u8; 6] = [0x30, 0x34, 0x38, 0x3c, 0x40, 0x44]; // 0.5 .. 2.5
    let mut out = vec![vec![0f64; per_row]; rows];
    for (r, row) in out.iter_mut().enumerate() {
        for (s, v) in row.iter_mut().enumerate() {
            let pick = mix(seed ^ (r * 10 + s) as u64);
            let byte = if ue4m3 { UE4M3[(pick % 6) as usize] } else { 124 + (pick % 7) as u8 };
            *v = if ue4m3 { minifloat(u32::from(byte), 4, 3) } else { 2f64.powi(i32::from(byte) - 127) };
            let shift = 8 * (id as usize + s);
            for p in 0..4 {
                let word = &mut tm[(r % 32 + 32 * p) * WORDS + first + r / 32];
                *word = (*word & !(0xff << shift)) | u32::from(byte) << shift;
            }
        }
    }
    out
}

/// The launch's inputs and the product they should give: A (logical, K
/// a row), B, the scales; the images of shared and tensor memory.
struct Inputs {
    a: Vec<Vec<f64>>,
    b: Vec<Vec<f64>>,
    sa: Vec<Vec<f64>>,
    sb: Vec<Vec<f64>>,
    image: Vec<u8>,
    tm: Vec<u32>,
    b_row_bytes: usize,
}

fn inputs(case: &Case) -> Inputs {
    let kept = if case.sparse.is_some() { case.k / 2 } else { case.k };
    let (mut a, a_img) = operand(M, kept, case.a, case.packed, 1);
    let (b, b_img) = operand(N, case.k, case.b, case.packed, 2);
    let b_row_bytes = b_img.len() / N;
    let mut image = a_img;
    image.resize(4096, 0);
    image.extend(b_img);
    image.resize(5120, 0);
    let mut tm: Vec<u32> = (0..128 * WORDS).map(|i| mix(77 + i as u64) as u32).collect();
    if let Some(sparse) = case.sparse {
        // A's kept values go where the nibbles say; the rest are zero.
        let (size, keep, width) = sparse.group();
        for (m, row) in a.iter_mut().enumerate() {
            let mut full = vec![0f64; case.k];
            for g in 0..case.k / size {
                let (nibble, places) = sparse.nibble(mix(5 ^ (m * 100 + g) as u64));
                let (lane, word, bit) = sparse.place(m, g);
                let cell = &mut tm[lane * WORDS + word];
                *cell = (*cell & !(0xf << bit)) | nibble << bit;
                for (j, &at) in places.iter().enumerate() {
                    for t in 0..width {
                        full[size * g + width * at + t] = row[keep * g + width * j + t];
                    }
                }
            }
            *row = full;
        }
    }
    let (sa, sb) = match case.scales {
        Some((per_row, ue4m3, a_id, b_id)) => (scales(M, per_row, ue4m3, a_id, 0, &mut tm, 3), scales(N, per_row, ue4m3, b_id, 4, &mut tm, 4)),
        None => (vec![vec![1.0]; M], vec![vec![1.0]; N]),
    };
    Inputs { a, b, sa, sb, image, tm, b_row_bytes }
}

/// D = (A * scale_A) (B * scale_B)^T.
fn reference(case: &Case, x: &Inputs) -> Vec<f64> {
    let chunk = case.k / x.sa[0].len();
    let mut d = vec![0f64; M * N];
    for m in 0..M {
        for n in 0..N {
            d[m * N + n] = (0..case.k).map(|kk| x.a[m][kk] * x.sa[m][kk / chunk] * x.b[n][kk] * x.sb[n][kk / chunk]).sum();
        }
    }
    d
}

/// Runs `case`'s inputs through `kernel` with `mma` (the MMA line) and `idesc`.
fn run_kernel(case: &Case, kernel: &str, mma: &str, idesc: u32) -> launch::Outcome {
    let x = inputs(case);
    let words: Vec<f64> = x.image.chunks(4).map(|w| f64::from(u32::from_le_bytes([w[0], w[1], w[2], w[3]]))).collect();
    let args = vec![
        Arg::Buffer { name: "img".into(), dtype: Dtype::U32, shape: vec![words.len()], init: Init::Values(words) },
        Arg::Buffer { name: "tm".into(), dtype: Dtype::U32, shape: vec![x.tm.len()], init: Init::Values(x.tm.iter().map(|&w| f64::from(w)).collect()) },
        Arg::Buffer { name: "out".into(), dtype: if case.a == Ty::S8 { Dtype::I32 } else { Dtype::F32 }, shape: vec![M * N], init: Init::Zeros },
        Arg::Scalar { dtype: Dtype::U64, value: desc(32) as f64 },
        Arg::Scalar { dtype: Dtype::U64, value: desc(x.b_row_bytes) as f64 },
        Arg::Scalar { dtype: Dtype::U32, value: f64::from(idesc) },
    ];
    let l = Launch::new("sm_100a", "k", [1, 1, 1], [128, 1, 1], args);
    launch::execute(&l, &kernel.replace("MMA", mma)).unwrap_or_else(|e| panic!("{}: {e}", case.opcode))
}

fn run(case: &Case, mma: &str, idesc: u32) -> launch::Outcome {
    run_kernel(case, KERNEL, mma, idesc)
}

const fn dense(opcode: &'static str, k: usize, a: Ty, b: Ty, packed: bool, scales: Option<(usize, bool, u32, u32)>) -> Case {
    Case { opcode, k, a, b, packed, scales, sparse: None }
}

const fn sparse(opcode: &'static str, k: usize, a: Ty, b: Ty, packed: bool, scales: Option<(usize, bool, u32, u32)>, s: Sparse) -> Case {
    Case { opcode, k, a, b, packed, scales, sparse: Some(s) }
}

/// The 6- and 4-bit kinds.
const SUBBYTE: [Case; 6] = [
    dense("tcgen05.mma.cta_group::1.kind::mxf4.block_scale.block32", 64, Ty::E2m1, Ty::E2m1, true, Some((2, false, 2, 0))),
    dense("tcgen05.mma.cta_group::1.kind::mxf4.block_scale", 64, Ty::E2m1, Ty::E2m1, true, Some((2, false, 0, 2))),
    dense("tcgen05.mma.cta_group::1.kind::mxf4nvf4.block_scale.block16", 64, Ty::E2m1, Ty::E2m1, true, Some((4, true, 0, 0))),
    dense("tcgen05.mma.cta_group::1.kind::mxf4nvf4.block_scale.scale_vec::2X", 64, Ty::E2m1, Ty::E2m1, true, Some((2, false, 2, 2))),
    dense("tcgen05.mma.cta_group::1.kind::mxf8f6f4.block_scale", 32, Ty::E2m1, Ty::E3m2, false, Some((1, false, 1, 3))),
    dense("tcgen05.mma.cta_group::1.kind::f8f6f4", 32, Ty::E2m3, Ty::E2m1, false, None),
];

/// Sparse A of every kind (K logical: twice the dense K).
const SPARSE: [Case; 6] = [
    sparse("tcgen05.mma.sp.cta_group::1.kind::f16", 32, Ty::F16, Ty::F16, false, None, Sparse::F16),
    sparse("tcgen05.mma.sp.cta_group::1.kind::tf32", 16, Ty::Tf32, Ty::Tf32, false, None, Sparse::Tf32),
    sparse("tcgen05.mma.sp.cta_group::1.kind::i8", 64, Ty::S8, Ty::S8, false, None, Sparse::Byte),
    sparse("tcgen05.mma.sp.cta_group::1.kind::f8f6f4", 64, Ty::E4m3, Ty::E2m1, false, None, Sparse::Byte),
    sparse("tcgen05.mma.sp.cta_group::1.kind::mxf8f6f4.block_scale", 64, Ty::E2m3, Ty::E4m3, false, Some((1, false, 2, 1)), Sparse::Byte),
    sparse("tcgen05.mma.sp.cta_group::1.kind::mxf4nvf4.block_scale.block16", 128, Ty::E2m1, Ty::E2m1, true, Some((4, true, 0, 0)), Sparse::Fp4),
];

fn check(case: &Case) {
    let o = run(case, &case.mma_line(), case.idesc());
    assert!(o.report.hazards.is_empty(), "{}: {}", case.opcode, launch::summary(&o));
    let want = reference(case, &inputs(case));
    let wrong = (0..M * N).filter(|&i| o.buffers[2].get(i) != want[i]).count();
    assert_eq!(wrong, 0, "{}: first D {} want {}", case.opcode, o.buffers[2].get(0), want[0]);
    assert!(want.iter().any(|&v| v != 0.0), "{}: the inputs exercise the formats", case.opcode);
}

#[test]
fn subbyte_umma_kinds_compute_the_isa_s_product() {
    // Which nibble holds the lower k is not observable here: a permutation
    // of K that A and B share within a scale chunk leaves D alone.
    for case in &SUBBYTE {
        check(case);
        assert!(reference(case, &inputs(case)).iter().any(|&v| v.fract() != 0.0), "{}: fractions", case.opcode);
    }
}

#[test]
fn sparse_umma_kinds_place_a_by_their_metadata() {
    for case in &SPARSE {
        check(case);
    }
    // A nibble tf32 does not take (0b1000: meaningful for 2:4 only).
    let tf32 = &SPARSE[1];
    let kernel = KERNEL.replace("tcgen05.st.sync.aligned.32x32b.x16.b32 [%r19]", "setp.eq.u32 %p5, %r1, 0;\n@%p5 and.b32 %r50, %r50, -16;\n@%p5 or.b32 %r50, %r50, 8;\ntcgen05.st.sync.aligned.32x32b.x16.b32 [%r19]");
    let o = run_kernel(tf32, &kernel, &tf32.mma_line(), tf32.idesc());
    let h = o.report.hazards.iter().find(|h| h.kind == HazardKind::Undefined).unwrap_or_else(|| panic!("{}", launch::summary(&o)));
    assert!(h.message.contains("0b1000 for row 0, group 0"), "{}", h.message);
    // The metadata of the 8-bit kinds spans two columns: the second one's
    // nibbles cleared is undefined (group 8 of row 5 is in lane 5's column 41).
    let i8 = &SPARSE[2];
    let kernel = KERNEL.replace("tcgen05.st.sync.aligned.32x32b.x16.b32 [%r19]", "setp.eq.u32 %p5, %r1, 5;\n@%p5 mov.b32 %r51, 0;\ntcgen05.st.sync.aligned.32x32b.x16.b32 [%r19]");
    let o = run_kernel(i8, &kernel, &i8.mma_line(), i8.idesc());
    let h = o.report.hazards.iter().find(|h| h.kind == HazardKind::Undefined).unwrap_or_else(|| panic!("{}", launch::summary(&o)));
    assert!(h.message.contains("for row 5, group 8 (lane 5, column 41"), "{}", h.message);
}

#[test]
fn subbyte_umma_descriptors_outside_the_isa_are_undefined() {
    let mxf4 = &SUBBYTE[0];
    let nvf4 = &SUBBYTE[2];
    let undefined = |case: &Case, mma: &str, idesc: u32, says: &str| {
        let o = run(case, mma, idesc);
        let h = o.report.hazards.iter().find(|h| h.kind == HazardKind::Undefined).unwrap_or_else(|| panic!("{mma} {idesc:#x}: {}", launch::summary(&o)));
        assert!(h.message.contains(says), "{}", h.message);
    };
    // mxf4 takes UE8M0 scales (bit 23 = 1), 2X IDs 0 or 2, E2M1 = 1.
    undefined(mxf4, &mxf4.mma_line(), mxf4.idesc() & !(1 << 23), "UE8M0");
    undefined(mxf4, &mxf4.mma_line(), mxf4.idesc() & !(3 << 29) | 1 << 29, "scale factor A ID 1");
    undefined(mxf4, &mxf4.mma_line(), mxf4.idesc() & !(7 << 7) | 5 << 7, "are 1 (e2m1)");
    // mxf4nvf4 must name its vector size; 4X IDs are 0; no transpose.
    undefined(nvf4, &nvf4.mma_line().replace(".block16", ""), nvf4.idesc(), "table 55");
    undefined(nvf4, &nvf4.mma_line(), nvf4.idesc() | 2 << 4, "scale factor B ID 2");
    undefined(nvf4, &nvf4.mma_line(), nvf4.idesc() | 1 << 15, "cannot transpose");
    // A 4-bit f8f6f4 operand cannot be MN-major: it is packed along K.
    let f8 = &SUBBYTE[5];
    undefined(f8, &f8.mma_line(), f8.idesc() | 1 << 16, "packed along K");
}

#[test]
fn scale_factors_must_be_duplicated_in_each_lane_partition_they_are_read_from() {
    // Junk lies in the bytes the UMMA does not read; a used byte that
    // differs between partitions is undefined (9.7.16.10.7). Thread 64
    // writes lane 64, the third partition's copy of row 0's factors in
    // column 32: flipping its low byte makes them disagree.
    let case = &SUBBYTE[2];
    let kernel = KERNEL.replace(
        "tcgen05.st.sync.aligned.32x32b.x16.b32 [%r19]",
        "setp.eq.u32 %p5, %r1, 64;\n@%p5 xor.b32 %r10, %r10, 255;\ntcgen05.st.sync.aligned.32x32b.x16.b32 [%r19]",
    );
    let o = run_kernel(case, &kernel, &case.mma_line(), case.idesc());
    let h = o.report.hazards.iter().find(|h| h.kind == HazardKind::Undefined).unwrap_or_else(|| panic!("{}", launch::summary(&o)));
    assert!(h.message.contains("differs between lane partitions 0 and 2"), "{}", h.message);
}
