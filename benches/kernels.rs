//! Compile time against the number of kernels in a module: `cute compile`'s
//! pipeline (to PTX, sm_90a) on modules of 4, 8, 16 and 32 WGMMA kernels
//! (64xNx16, N = 8, 16, ...), against the same kernels compiled one module
//! each, measured in the same run. A pass that is quadratic in the module
//! shows as a ratio growing with the count (issue 33: the WGMMA operand
//! pins re-verified the whole module per inserted store through melior's
//! out-of-range error, which prints the op: 75 s for 32 kernels, 0.7 s
//! after).
//!
//! `cargo bench --bench kernels` (release), or `--profile opt-ci`.

use cute_mlir::{compile::Emit, Compiler};
use std::time::{Duration, Instant};

/// One WGMMA kernel over an N-wide B tile: shared A and B, the
/// accumulators in registers, stored to global memory.
fn kernel(n: usize) -> String {
    let atom = format!("!cute_nvgpu.sm90.mma<64x{n}x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>");
    let va = "!cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<\"S<3,3,3> o 0 o (64,16):(64,1)\">>";
    let vb = format!("!cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<\"S<3,3,3> o 0 o ({n},16):(64,1)\">>");
    let nc = n / 2;
    let vc = format!("!cute.view<!cute.ptr<f32, rmem>, !cute.layout<\"{nc}:1\">>");
    let vg = format!("!cute.view<!cute.ptr<f32, gmem>, !cute.layout<\"{nc}:1\">>");
    format!(
        "  gpu.func @k{n}(%pc: !cute.ptr<f32, gmem>) kernel {{
    %pa = cute.alloc_smem 1024 : !cute.ptr<f16, smem, align<1024>>
    %pb = cute.alloc_smem {} : !cute.ptr<f16, smem, align<1024>>
    %la = cute.static : !cute.composed_layout<\"S<3,3,3> o 0 o (64,16):(64,1)\">
    %lb = cute.static : !cute.composed_layout<\"S<3,3,3> o 0 o ({n},16):(64,1)\">
    %a = cute.make_view %pa, %la : {va}
    %b = cute.make_view %pb, %lb : {vb}
    %rc = cute.alloc_rmem {nc} : !cute.ptr<f32, rmem>
    %lc = cute.static : !cute.layout<\"{nc}:1\">
    %c = cute.make_view %rc, %lc : {vc}
    %atom = cute.make_atom : {atom}
    nvvm.wgmma.fence.aligned
    cute.mma_atom_call %atom, %c, %a, %b, %c : {atom}, {vc}, {va}, {vb}, {vc}
    nvvm.wgmma.commit.group.sync.aligned
    nvvm.wgmma.wait.group.sync.aligned 0
    %g = cute.make_view %pc, %lc : {vg}
    %st = cute.make_atom : !cute_nvgpu.atom.universal_copy<f32>
    cute.copy_atom_call %st, %c, %g : !cute_nvgpu.atom.universal_copy<f32>, {vc}, {vg}
    gpu.return
  }}
",
        64 * n
    )
}

fn module(kernels: &[String]) -> String {
    format!("module attributes {{gpu.container_module}} {{\ngpu.module @kernels {{\n{}}}\n}}\n", kernels.concat())
}

fn timed(compiler: &Compiler, source: &str) -> Duration {
    let start = Instant::now();
    compiler.compile(source, "sm_90a", Emit::Ptx).expect("the kernels compile");
    start.elapsed()
}

fn main() {
    let compiler = Compiler::new();
    for count in [4usize, 8, 16, 32] {
        let kernels: Vec<String> = (1..=count).map(|i| kernel(8 * i)).collect();
        let together = timed(&compiler, &module(&kernels));
        let apart: Duration = kernels.iter().map(|k| timed(&compiler, &module(std::slice::from_ref(k)))).sum();
        println!(
            "{count:>3} kernels: one module {together:>9.3?}, one module each {apart:>9.3?}, ratio {:.2}x",
            together.as_secs_f64() / apart.as_secs_f64()
        );
    }
}
