//! Issue 30 item 4: the shapes of `tcgen05.ld` / `tcgen05.st` (PTX ISA
//! 9.7.16.8.3-4) in the emulator, through the compiler's raw TMEM ops. One
//! warp fills its 32 lanes x 32 columns of tensor memory with 32x32b stores
//! (cell (lane, column) = 256 lane + column), reads it back in every shape
//! and writes each thread's registers to global memory, then stores in the
//! 16x256b shape and reads the cells back with 32x32b. The reference places
//! register r of thread t as CUTLASS's `SM100_TMEM_LOAD_*` / `STORE_*`
//! traits do (the ISA draws these in figures only, docs/emulator.md):
//! 32x32b (t, r); 16x64b (t/4 + 8 (t%2), (t/2)%2 + 2r); 16x128b (t/4 +
//! 8 (r%2), t%4 + 4 (r/2)); 16x256b (t/4 + 8 ((r/2)%2), 2 (t%4) + r%2 +
//! 8 (r/4)); 16x32bx2 (t%16, r + split for t >= 16).

use cute_emu::launch::{self, Arg, Dtype, Init, Launch};
use cute_mlir::{compile::Emit, Compiler};

/// (shape attribute, registers, split) of each load, in the order the
/// kernel writes them.
const LOADS: [(&str, usize, usize); 6] = [
    ("32x32b", 4, 0),
    ("16x64b", 4, 0),
    ("16x128b", 4, 0),
    ("16x256b", 4, 0),
    ("16x256b", 8, 0),
    ("16x32bx2", 4, 8),
];

fn place(shape: &str, t: usize, r: usize, split: usize) -> (usize, usize) {
    match shape {
        "32x32b" => (t, r),
        "16x64b" => (t / 4 + 8 * (t % 2), (t / 2) % 2 + 2 * r),
        "16x128b" => (t / 4 + 8 * (r % 2), t % 4 + 4 * (r / 2)),
        "16x256b" => (t / 4 + 8 * ((r / 2) % 2), 2 * (t % 4) + r % 2 + 8 * (r / 4)),
        _ => (t % 16, r + if t >= 16 { split } else { 0 }),
    }
}

/// The kernel: %out holds, per load, 32 threads x 8 words (its registers
/// first), then the 32x32b read-back of columns 16..24 after the 16x256b
/// store.
fn kernel() -> String {
    let mut body = String::new();
    for (i, (shape, n, split)) in LOADS.iter().enumerate() {
        let attrs = if *split > 0 { format!("{{shape = \"{shape}\", split = {split}}}") } else { format!("{{shape = \"{shape}\"}}") };
        body.push_str(&format!("    %v{i} = cute_nvgpu.arch.sm100.tmem_load %t {attrs} : !cute.ptr<i32, tmem> -> vector<{n}xi32>\n"));
        for r in 0..*n {
            body.push_str(&format!(
                "    %x{i}_{r} = vector.extract %v{i}[{r}] : i32 from vector<{n}xi32>\n    %o{i}_{r} = arith.constant {} : i32\n    %a{i}_{r} = arith.addi %row, %o{i}_{r} : i32\n    %c{i}_{r} = cute.make_int_tuple(%a{i}_{r}) : (i32) -> !cute.coord<\"?\">\n    cute.store %x{i}_{r}, %g[%c{i}_{r}] : !G, !cute.coord<\"?\">\n",
                i * 256 + r
            ));
        }
    }
    let back = LOADS.len();
    let mut readback = String::new();
    for r in 0..8 {
        readback.push_str(&format!(
            "    %y{r} = vector.extract %back[{r}] : i32 from vector<8xi32>\n    %q{r} = arith.constant {} : i32\n    %b{r} = arith.addi %row, %q{r} : i32\n    %d{r} = cute.make_int_tuple(%b{r}) : (i32) -> !cute.coord<\"?\">\n    cute.store %y{r}, %g[%d{r}] : !G, !cute.coord<\"?\">\n",
            back * 256 + r
        ));
    }
    format!(
        r#"!G = !cute.view<!cute.ptr<i32, gmem, align<4>>, !cute.layout<"2048:1">>
module attributes {{gpu.container_module}} {{
gpu.module @kernels {{
  gpu.func @shapes(%out: !cute.ptr<i32, gmem, align<4>>) kernel {{
    %h = arith.constant 0 : i32
    %cols = arith.constant 32 : i32
    %t = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %h, %cols : i32 -> !cute.ptr<i32, tmem>
    %tid = gpu.thread_id x
    %lane = arith.index_cast %tid : index to i32
    %c256 = arith.constant 256 : i32
    %base = arith.muli %lane, %c256 : i32
    %splat = vector.broadcast %base : i32 to vector<32xi32>
    %iota = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]> : vector<32xi32>
    %fill = arith.addi %splat, %iota : vector<32xi32>
    cute_nvgpu.arch.sm100.tmem_store %t, %fill : !cute.ptr<i32, tmem>, vector<32xi32>
    %lo = cute.static : !cute.layout<"2048:1">
    %g = cute.make_view %out, %lo : !G
    %c8 = arith.constant 8 : i32
    %row = arith.muli %lane, %c8 : i32
{body}    // 16x256b.x1 stores 2^20 + 16 t + r at column 16.
    %c16 = arith.constant 16 : i32
    %t16 = cute.add_offset %t, %c16 : !cute.ptr<i32, tmem>, i32
    %mark = arith.constant 1048576 : i32
    %m16 = arith.muli %lane, %c16 : i32
    %sbase = arith.addi %mark, %m16 : i32
    %ssplat = vector.broadcast %sbase : i32 to vector<4xi32>
    %siota = arith.constant dense<[0, 1, 2, 3]> : vector<4xi32>
    %svals = arith.addi %ssplat, %siota : vector<4xi32>
    cute_nvgpu.arch.sm100.tmem_store %t16, %svals {{shape = "16x256b"}} : !cute.ptr<i32, tmem>, vector<4xi32>
    %back = cute_nvgpu.arch.sm100.tmem_load %t16 : !cute.ptr<i32, tmem> -> vector<8xi32>
{readback}    gpu.return
  }}
}}
}}
"#
    )
}

#[test]
fn every_tcgen05_ld_st_shape_places_registers_as_cutlass_s_traits() {
    let ptx = Compiler::new().compile(&kernel(), "sm_100a", Emit::Ptx).unwrap_or_else(|e| panic!("{e}"));
    for shape in ["16x64b.x4", "16x128b.x2", "16x256b.x1", "16x256b.x2", "16x32bx2.x4", "32x32b.x4"] {
        assert!(ptx.contains(&format!("tcgen05.ld.sync.aligned.{shape}.b32")), "{shape}");
    }
    assert!(ptx.contains("tcgen05.st.sync.aligned.16x256b.x1.b32"));
    let words = 32 * 8 * (LOADS.len() + 1);
    let l = Launch::new("sm_100a", "shapes", [1, 1, 1], [32, 1, 1], vec![Arg::Buffer { name: "out".into(), dtype: Dtype::I32, shape: vec![words], init: Init::Zeros }]);
    let o = launch::execute(&l, &ptx).unwrap_or_else(|e| panic!("{e}"));
    assert!(o.report.hazards.is_empty(), "{}", launch::summary(&o));
    let out = &o.buffers[0];
    let cell = |lane: usize, column: usize| (256 * lane + column) as f64;
    for (i, (shape, n, split)) in LOADS.iter().enumerate() {
        for t in 0..32 {
            for r in 0..*n {
                let (lane, column) = place(shape, t, r, *split);
                assert_eq!(out.get(i * 256 + t * 8 + r), cell(lane, column), "{shape}.x{}: thread {t}, register {r}", n / if shape.starts_with("16x256") { 4 } else if shape.starts_with("16x128") { 2 } else { 1 });
            }
        }
    }
    // The 16x256b store, read back by 32x32b: lane t, columns 16..24.
    let mut want = vec![vec![0f64; 8]; 32];
    for (lane, row) in want.iter_mut().enumerate() {
        for (c, w) in row.iter_mut().enumerate() {
            *w = cell(lane, 16 + c);
        }
    }
    for t in 0..32 {
        for r in 0..4 {
            let (lane, column) = place("16x256b", t, r, 0);
            want[lane][column] = f64::from(1 << 20) + (16 * t + r) as f64;
        }
    }
    let back = LOADS.len() * 256;
    for (lane, row) in want.iter().enumerate() {
        for (c, w) in row.iter().enumerate() {
            assert_eq!(out.get(back + lane * 8 + c), *w, "16x256b store: lane {lane}, column {}", 16 + c);
        }
    }
}
