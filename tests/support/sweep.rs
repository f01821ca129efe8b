//! The autotuning sweep's 64 variants of `examples/gemm_sm80.mlir`
//! (issue 33), shared by `benches/compile_speed.rs` and
//! `tests/compile_sweep.rs`.
//!
//! A variant sets A's shared-memory swizzle (8 choices), B's (4) and the
//! order of the tiled MMA's 2x2 warps (2); `cute_mlir::retype` then
//! rewrites every type that follows from them. The example's tile shape
//! and stage count are written into its code as well as its types (the
//! prologue's k-tiles, the predicate and epilogue buffers' sizes), so they
//! are not knobs a text template can turn soundly; swizzles and warp order
//! are, and each variant is a different kernel to compile (its addresses
//! differ) that computes the same C.

use std::path::Path;

pub const A_SWIZZLES: [&str; 8] = ["S<1,3,3>", "S<1,3,4>", "S<1,3,5>", "S<2,3,3>", "S<2,3,4>", "S<2,3,5>", "S<3,3,3>", "S<3,3,4>"];
pub const B_SWIZZLES: [&str; 4] = ["S<1,3,3>", "S<2,3,3>", "S<3,3,3>", "S<2,3,4>"];
pub const WARP_ORDERS: [&str; 2] = ["(1,2,0)", "(2,1,0)"];

/// The example with A's and B's swizzles and the warp order set, types not
/// yet rewritten. Shared memory is aligned to 4096 bytes, the period of the
/// largest swizzle here (S<3,3,4> of 16-bit elements is 2048 bytes).
pub fn template(a: &str, b: &str, warps: &str) -> String {
    let source = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/gemm_sm80.mlir")).expect("the example");
    let view = |s: &str| format!("!cute.view<!cute.ptr<f16, smem, align<4096>>, !cute.composed_layout<\"{s} o 0 o (128,32,3):(32,1,4096)\">>");
    let mut text = source
        .replace(
            "!mma = !cute.tiled_mma<!mma_atom, !cute.layout<\"(2,2,1):(1,2,0)\">>",
            &format!("!mma = !cute.tiled_mma<!mma_atom, !cute.layout<\"(2,2,1):{warps}\">>"),
        )
        .replace(
            "!swz = !cute.composed_layout<\"S<2,3,3> o 0 o (128,32,3):(32,1,4096)\">\n!sv = !cute.view<!cute.ptr<f16, smem, align<1024>>, !swz>\n",
            &format!(
                "!swzA = !cute.composed_layout<\"{a} o 0 o (128,32,3):(32,1,4096)\">\n!swzB = !cute.composed_layout<\"{b} o 0 o (128,32,3):(32,1,4096)\">\n"
            ),
        )
        .replace(
            "    %swz = cute.static : !swz\n    %sAp = cute.alloc_smem 12288 : !cute.ptr<f16, smem, align<1024>>\n    %sA = cute.make_view %sAp, %swz : !sv\n    %sBp = cute.alloc_smem 12288 : !cute.ptr<f16, smem, align<1024>>\n    %sB = cute.make_view %sBp, %swz : !sv\n",
            &format!(
                "    %swzA = cute.static : !swzA\n    %swzB = cute.static : !swzB\n    %sAp = cute.alloc_smem 12288 : !cute.ptr<f16, smem, align<4096>>\n    %sA = cute.make_view %sAp, %swzA : {}\n    %sBp = cute.alloc_smem 12288 : !cute.ptr<f16, smem, align<4096>>\n    %sB = cute.make_view %sBp, %swzB : {}\n",
                view(a),
                view(b)
            ),
        );
    assert!(text.contains("%swzB") && text.contains(warps), "the example's shared memory or tiled MMA changed: update tests/support/sweep.rs");
    // Every other `!sv` (operand types of the partitions) starts as A's
    // view; retype corrects B's.
    text = text.replace("!sv,", &format!("{},", view(a))).replace("!sv)", &format!("{})", view(a)));
    assert!(!text.contains("!sv"), "an `!sv` left in the template");
    text
}

/// The 64 templates, named `gemm_sm80_<a>_<b>_<w>` by index.
pub fn templates() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (i, a) in A_SWIZZLES.iter().enumerate() {
        for (j, b) in B_SWIZZLES.iter().enumerate() {
            for (k, w) in WARP_ORDERS.iter().enumerate() {
                out.push((format!("gemm_sm80_a{i}_b{j}_w{k}"), template(a, b, w)));
            }
        }
    }
    out
}
