//! `tcgen05.cp.cta_group::1.32x128b.warpx4` (PTX ISA 9.7.16.9.2: "the data
//! being copied is multicasted into all 4 warps"): a hand-written kernel of
//! one warpgroup stages a 32 x 16-byte tile in shared memory (word w =
//! 4096 + w), copies it into tensor memory through a no-swizzle descriptor
//! (8-row core matrices 128 bytes apart) and commits to an mbarrier; each
//! warp then reads its quarter of the lanes (tcgen05.ld 32x32b.x4). Lane
//! 32q + r of every quarter q must hold row r. The CUTLASS-style way to put
//! block scale factors into all four lane partitions. And `tcgen05.shift`
//! (9.7.16.9.3), the other asynchronous data movement within tensor memory.

use cute_emu::launch::{self, Arg, Dtype, Init, Launch};

const KERNEL: &str = "\
.version 8.6\n.target sm_100a\n.address_size 64\n.visible .entry k(.param .u64 out)\n{\n\
.reg .b32 %r<20>;\n.reg .b64 %rd<8>;\n.reg .pred %p<4>;\n\
.shared .align 128 .b8 tile[512];\n.shared .align 8 .b64 bar;\n.shared .align 4 .b32 slot;\n\
ld.param.u64 %rd1, [out];\nmov.u32 %r1, %tid.x;\n\
mov.u32 %r2, tile;\nshl.b32 %r3, %r1, 2;\nadd.u32 %r4, %r2, %r3;\nadd.u32 %r5, %r1, 4096;\nst.shared.u32 [%r4], %r5;\n\
fence.proxy.async.shared::cta;\n\
shr.u32 %r6, %r1, 5;\nsetp.eq.u32 %p1, %r6, 0;\n@!%p1 bra SKIP;\n\
tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [slot], 32;\n\
tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;\n\
SKIP:\nsetp.eq.u32 %p2, %r1, 0;\n@%p2 mbarrier.init.shared::cta.b64 [bar], 1;\n\
tcgen05.fence::before_thread_sync;\nbar.sync 0;\ntcgen05.fence::after_thread_sync;\n\
ld.shared.u32 %r7, [slot];\n@!%p2 bra WAIT;\n\
shr.u32 %r8, %r2, 4;\ncvt.u64.u32 %rd2, %r8;\nor.b64 %rd3, %rd2, 70403103981568;\n\
tcgen05.cp.cta_group::1.32x128b.warpx4 [%r7], %rd3;\n\
tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [bar];\n\
WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 %p3, [bar], 0;\n@!%p3 bra WAIT;\n\
tcgen05.fence::after_thread_sync;\n\
shl.b32 %r9, %r6, 21;\nadd.u32 %r10, %r7, %r9;\n\
tcgen05.ld.sync.aligned.32x32b.x4.b32 {%r11, %r12, %r13, %r14}, [%r10];\ntcgen05.wait::ld.sync.aligned;\n\
mul.wide.u32 %rd4, %r1, 16;\nadd.s64 %rd5, %rd1, %rd4;\nst.global.v4.u32 [%rd5], {%r11, %r12, %r13, %r14};\n\
tcgen05.fence::before_thread_sync;\nbar.sync 0;\n@!%p1 bra END;\n\
tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r7, 32;\nEND:\nret;\n}\n";

#[test]
fn warpx4_copies_the_rows_into_every_lane_quarter() {
    // The descriptor's constant part: SBO 128 bytes (8 << 32), LBO 16 (1 <<
    // 16), bit 46 (the tcgen05 descriptor version), no swizzle.
    assert_eq!(70403103981568u64, 8 << 32 | 1 << 16 | 1 << 46);
    let out = Arg::Buffer { name: "out".into(), dtype: Dtype::U32, shape: vec![128 * 4], init: Init::Zeros };
    let l = Launch::new("sm_100a", "k", [1, 1, 1], [128, 1, 1], vec![out]);
    let o = launch::execute(&l, KERNEL).unwrap_or_else(|e| panic!("{e}"));
    assert!(o.report.hazards.is_empty(), "{}", launch::summary(&o));
    for lane in 0..128 {
        for i in 0..4 {
            assert_eq!(o.buffers[0].get(lane * 4 + i), (4096 + 4 * (lane % 32) + i) as f64, "lane {lane}, column {i}");
        }
    }
    // Without .warpx4 the 32x128b shape is refused.
    let o = launch::execute(&l, &KERNEL.replace(".32x128b.warpx4", ".32x128b")).unwrap_or_else(|e| panic!("{e}"));
    assert!(o.report.hazards.iter().any(|h| h.message.contains("requires .warpx4")), "{}", launch::summary(&o));
}

#[test]
fn warpx2_multicasts_each_half_of_64_rows_into_a_warp_pair() {
    // `.64x128b.warpx2::02_13` / `::01_23` (PTX ISA 9.7.16.9.2: "the data
    // being copied is multicasted into warp pairs and each warp in the warp
    // pair receive half of the data"): with 02_13 warps 0 and 2 receive
    // rows 0-31 and warps 1 and 3 rows 32-63 (lane L holds row L % 64);
    // with 01_23 warps 0 and 1 rows 0-31, 2 and 3 rows 32-63 (row 32 (L /
    // 64) + L % 32): CUTLASS's UTCCP 2x64dp128bit traits. The tile is 64
    // rows: each thread stores a second word 512 bytes on.
    let tile = KERNEL
        .replace("tile[512]", "tile[1024]")
        .replace("st.shared.u32 [%r4], %r5;\n", "st.shared.u32 [%r4], %r5;\nadd.u32 %r15, %r5, 128;\nst.shared.u32 [%r4+512], %r15;\n");
    let out = Arg::Buffer { name: "out".into(), dtype: Dtype::U32, shape: vec![128 * 4], init: Init::Zeros };
    let l = Launch::new("sm_100a", "k", [1, 1, 1], [128, 1, 1], vec![out]);
    for (multicast, row) in [("02_13", (|lane: usize| lane % 64) as fn(usize) -> usize), ("01_23", |lane: usize| 32 * (lane / 64) + lane % 32)] {
        let kernel = tile.replace(".32x128b.warpx4", &format!(".64x128b.warpx2::{multicast}"));
        let o = launch::execute(&l, &kernel).unwrap_or_else(|e| panic!("{e}"));
        assert!(o.report.hazards.is_empty(), "{multicast}: {}", launch::summary(&o));
        for lane in 0..128 {
            for i in 0..4 {
                assert_eq!(o.buffers[0].get(lane * 4 + i), (4096 + 4 * row(lane) + i) as f64, "{multicast}: lane {lane}, column {i}");
            }
        }
    }
    // .64x128b without a warp-pair multicast is refused.
    let o = launch::execute(&l, &tile.replace(".32x128b.warpx4", ".64x128b")).unwrap_or_else(|e| panic!("{e}"));
    assert!(o.report.hazards.iter().any(|h| h.message.contains("requires .warpx2::02_13 or .warpx2::01_23")), "{}", launch::summary(&o));
}

#[test]
fn four_rows_of_256_bits_go_to_the_first_lane_of_each_partition() {
    // `.4x256b`: 4 rows of 32 bytes (the descriptor's LBO 128 puts bytes
    // 16-31 of a row 128 bytes on: row r, byte k at 128 (k / 16) + 16 r +
    // k % 16). The ISA says only "4 rows"; CUTLASS's UTCCP 4dp256bit traits
    // place row i in lane 32 i. Each warp reads the first 8 columns of its
    // quarter: lane 32 q holds row q.
    let kernel = KERNEL
        .replace(".32x128b.warpx4", ".4x256b")
        .replace("or.b64 %rd3, %rd2, 70403103981568;", "or.b64 %rd3, %rd2, 70403104440320;")
        .replace("tcgen05.ld.sync.aligned.32x32b.x4.b32 {%r11, %r12, %r13, %r14}, [%r10];", "tcgen05.ld.sync.aligned.32x32b.x8.b32 {%r11, %r12, %r13, %r14, %r15, %r16, %r17, %r18}, [%r10];")
        .replace("mul.wide.u32 %rd4, %r1, 16;\nadd.s64 %rd5, %rd1, %rd4;\nst.global.v4.u32 [%rd5], {%r11, %r12, %r13, %r14};", "mul.wide.u32 %rd4, %r1, 32;\nadd.s64 %rd5, %rd1, %rd4;\nst.global.v4.u32 [%rd5], {%r11, %r12, %r13, %r14};\nst.global.v4.u32 [%rd5+16], {%r15, %r16, %r17, %r18};");
    assert_eq!(70403104440320u64, 8 << 32 | 8 << 16 | 1 << 46);
    assert!(kernel.contains(".4x256b") && kernel.contains("70403104440320") && kernel.contains("[%rd5+16]"));
    let out = Arg::Buffer { name: "out".into(), dtype: Dtype::U32, shape: vec![128 * 8], init: Init::Zeros };
    let l = Launch::new("sm_100a", "k", [1, 1, 1], [128, 1, 1], vec![out]);
    let o = launch::execute(&l, &kernel).unwrap_or_else(|e| panic!("{e}"));
    assert!(o.report.hazards.is_empty(), "{}", launch::summary(&o));
    for q in 0..4 {
        for c in 0..8 {
            let word = 32 * (c / 4) + 4 * q + c % 4;
            assert_eq!(o.buffers[0].get(32 * q * 8 + c), (4096 + word) as f64, "lane {}, column {c}: {}", 32 * q, launch::summary(&o));
        }
    }
}

/// One warp: lane l of 8 columns holds 100 l + column (tcgen05.st), thread
/// 0 shifts them down (tcgen05.shift, committed to an mbarrier), every
/// lane reads its 8 columns back.
const SHIFT: &str = "\
.version 8.6\n.target sm_100a\n.address_size 64\n.visible .entry k(.param .u64 out)\n{\n\
.reg .b32 %r<30>;\n.reg .b64 %rd<8>;\n.reg .pred %p<4>;\n\
.shared .align 8 .b64 bar;\n.shared .align 4 .b32 slot;\n\
ld.param.u64 %rd1, [out];\nmov.u32 %r1, %tid.x;\n\
tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [slot], 32;\n\
tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;\n\
setp.eq.u32 %p2, %r1, 0;\n@%p2 mbarrier.init.shared::cta.b64 [bar], 1;\n\
tcgen05.fence::before_thread_sync;\nbar.sync 0;\ntcgen05.fence::after_thread_sync;\n\
ld.shared.u32 %r2, [slot];\nmul.lo.u32 %r3, %r1, 100;\n\
add.u32 %r4, %r3, 1;\nadd.u32 %r5, %r3, 2;\nadd.u32 %r6, %r3, 3;\nadd.u32 %r7, %r3, 4;\nadd.u32 %r8, %r3, 5;\nadd.u32 %r9, %r3, 6;\nadd.u32 %r10, %r3, 7;\n\
tcgen05.st.sync.aligned.32x32b.x8.b32 [%r2], {%r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10};\ntcgen05.wait::st.sync.aligned;\n\
tcgen05.fence::before_thread_sync;\nbar.sync 0;\ntcgen05.fence::after_thread_sync;\n\
@!%p2 bra WAIT;\ntcgen05.shift.cta_group::1.down [%r2];\n\
tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [bar];\n\
WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 %p3, [bar], 0;\n@!%p3 bra WAIT;\n\
tcgen05.fence::after_thread_sync;\n\
tcgen05.ld.sync.aligned.32x32b.x8.b32 {%r11, %r12, %r13, %r14, %r15, %r16, %r17, %r18}, [%r2];\ntcgen05.wait::ld.sync.aligned;\n\
mul.wide.u32 %rd4, %r1, 32;\nadd.s64 %rd5, %rd1, %rd4;\n\
st.global.v4.u32 [%rd5], {%r11, %r12, %r13, %r14};\nst.global.v4.u32 [%rd5+16], {%r15, %r16, %r17, %r18};\n\
tcgen05.fence::before_thread_sync;\nbar.sync 0;\n\
tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r2, 32;\nret;\n}\n";

#[test]
fn shift_moves_each_row_down_one_lane() {
    // PTX ISA 9.7.16.9.3: 32-byte elements of all rows but the last move
    // down one row; lane 0 keeps its own here (the text says nothing of it).
    let out = Arg::Buffer { name: "out".into(), dtype: Dtype::U32, shape: vec![32 * 8], init: Init::Zeros };
    let l = Launch::new("sm_100a", "k", [1, 1, 1], [32, 1, 1], vec![out]);
    let o = launch::execute(&l, SHIFT).unwrap_or_else(|e| panic!("{e}"));
    assert!(o.report.hazards.is_empty(), "{}", launch::summary(&o));
    for lane in 0..32 {
        for c in 0..8 {
            assert_eq!(o.buffers[0].get(lane * 8 + c), (100 * lane.saturating_sub(1) + c) as f64, "lane {lane}, column {c}");
        }
    }
    // Read before the shift's commit is observed: a race in tensor memory.
    let early = SHIFT.replace("WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 %p3, [bar], 0;\n@!%p3 bra WAIT;\n", "WAIT:\n");
    let o = launch::execute(&l, &early).unwrap_or_else(|e| panic!("{e}"));
    assert!(o.report.hazards.iter().any(|h| h.kind == cute_emu::machine::HazardKind::TmemRace), "{}", launch::summary(&o));
}

/// One warp: 64 columns of lane l hold 0x5A5A0000 + 256 l + column; a
/// `.pack::16b` load of 8 registers (16 columns), an `.unpack::16b` store
/// of the first 4 of them at column 32, and a plain load of columns
/// 32..40.
fn pack_kernel() -> String {
    let fill: Vec<String> = (0..32).map(|c| format!("%f{c}")).collect();
    let mut text = String::from(
        ".version 8.6\n.target sm_100a\n.address_size 64\n.visible .entry k(.param .u64 out)\n{\n\
         .reg .b32 %r<40>;\n.reg .b32 %f<32>;\n.reg .b64 %rd<8>;\n.shared .align 4 .b32 slot;\n\
         ld.param.u64 %rd1, [out];\nmov.u32 %r1, %tid.x;\n\
         tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [slot], 64;\ntcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;\n\
         bar.sync 0;\nld.shared.u32 %r2, [slot];\nshl.b32 %r3, %r1, 8;\nadd.u32 %r3, %r3, 1515847680;\n",
    );
    for c in 0..32 {
        text += &format!("add.u32 %f{c}, %r3, {c};\n");
    }
    text += &format!("tcgen05.st.sync.aligned.32x32b.x32.b32 [%r2], {{{}}};\ntcgen05.wait::st.sync.aligned;\n", fill.join(", "));
    text += "add.u32 %r4, %r2, 32;\ntcgen05.st.sync.aligned.32x32b.x32.b32 [%r4], {";
    text += &fill.join(", ");
    text += "};\ntcgen05.wait::st.sync.aligned;\n\
             tcgen05.ld.sync.aligned.32x32b.x8.pack::16b.b32 {%r10, %r11, %r12, %r13, %r14, %r15, %r16, %r17}, [%r2];\ntcgen05.wait::ld.sync.aligned;\n\
             tcgen05.st.sync.aligned.32x32b.x4.unpack::16b.b32 [%r4], {%r10, %r11, %r12, %r13};\ntcgen05.wait::st.sync.aligned;\n\
             tcgen05.ld.sync.aligned.32x32b.x8.b32 {%r20, %r21, %r22, %r23, %r24, %r25, %r26, %r27}, [%r4];\ntcgen05.wait::ld.sync.aligned;\n\
             mul.wide.u32 %rd4, %r1, 64;\nadd.s64 %rd5, %rd1, %rd4;\n\
             st.global.v4.u32 [%rd5], {%r10, %r11, %r12, %r13};\nst.global.v4.u32 [%rd5+16], {%r14, %r15, %r16, %r17};\n\
             st.global.v4.u32 [%rd5+32], {%r20, %r21, %r22, %r23};\nst.global.v4.u32 [%rd5+48], {%r24, %r25, %r26, %r27};\n\
             bar.sync 0;\ntcgen05.dealloc.cta_group::1.sync.aligned.b32 %r2, 64;\nret;\n}\n";
    text
}

#[test]
fn pack_16b_joins_adjacent_columns_and_unpack_splits_them() {
    // PTX ISA 9.7.16.8.3-4: `.pack::16b` packs two 16-bit elements from
    // adjacent columns into one register (the lower column's in the low
    // half); `.unpack::16b` splits one into the low halves of two columns
    // (their high halves, which the ISA leaves unsaid, kept).
    let out = Arg::Buffer { name: "out".into(), dtype: Dtype::U32, shape: vec![32 * 16], init: Init::Zeros };
    let l = Launch::new("sm_100a", "k", [1, 1, 1], [32, 1, 1], vec![out]);
    let o = launch::execute(&l, &pack_kernel()).unwrap_or_else(|e| panic!("{e}"));
    assert!(o.report.hazards.is_empty(), "{}", launch::summary(&o));
    let cell = |lane: usize, column: usize| 0x5A5A_0000u64 + 256 * lane as u64 + column as u64;
    for lane in 0..32 {
        let got = |w: usize| o.buffers[0].get(lane * 16 + w) as u64;
        for r in 0..8 {
            assert_eq!(got(r), (cell(lane, 2 * r) & 0xffff) | (cell(lane, 2 * r + 1) & 0xffff) << 16, "packed register {r} of lane {lane}");
        }
        for c in 0..8 {
            // Column 32 + c after the unpacked store of packed register c / 2.
            let element = (got(c / 2) >> (16 * (c % 2))) & 0xffff;
            assert_eq!(got(8 + c), (cell(lane, c) & 0xffff_0000) | element, "column {} of lane {lane}", 32 + c);
        }
    }
}
