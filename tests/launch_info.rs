//! Issue 34: the compiler states how to launch what it compiled. The launch
//! metadata of every example against its PTX: the dynamic shared memory
//! covers every access the PTX makes of `__cute_dynamic_smem`, and the
//! tensor-map parameters are the IR types' encodings.

use cute_mlir::{compile::Emit, launch_info::Param, Compiler};
use std::path::Path;

/// The largest `__cute_dynamic_smem+N` offset the PTX names.
fn dynamic_offsets(ptx: &str) -> Vec<u64> {
    ptx.match_indices("__cute_dynamic_smem+")
        .filter_map(|(at, m)| ptx[at + m.len()..].split(|c: char| !c.is_ascii_digit()).next()?.parse().ok())
        .collect()
}

#[test]
fn the_dynamic_shared_memory_covers_every_access() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut with_dynamic = 0;
    for (example, chip) in [
        ("gemm_sm80", "sm_80"),
        ("sgemm_sm80", "sm_80"),
        ("copy_sm80", "sm_80"),
        ("gemm_sm90", "sm_90a"),
        ("conv_fprop_sm90", "sm_90a"),
        ("tma_copy_sm90", "sm_90a"),
        ("wgmma_sm90", "sm_90a"),
        ("gemm_sm100", "sm_100a"),
        ("gemm_blockscaled_sm120", "sm_120a"),
    ] {
        let (ptx, info) = Compiler::new()
            .compile_file_with_launch_info(&root.join("examples").join(format!("{example}.mlir")), chip, Emit::Ptx)
            .unwrap_or_else(|e| panic!("{example}: {e}"));
        assert_eq!(info.chip, chip);
        assert!(!info.kernels.is_empty(), "{example}: no kernel");
        let kernel = &info.kernels[0];
        assert!(ptx.contains(&format!(".entry {}(", kernel.name)), "{example}: entry {}", kernel.name);
        let offsets = dynamic_offsets(&ptx);
        if ptx.contains("__cute_dynamic_smem") {
            with_dynamic += 1;
            // Each access is at most 16 bytes wide (a vector or a TMA box
            // row starts at the offset; boxes are within the allocation by
            // the storage lowering's layout).
            let last = offsets.iter().max().copied().unwrap_or(0);
            assert!(last + 8 <= kernel.dynamic_smem, "{example}: an access at __cute_dynamic_smem+{last} past the {} bytes the metadata states", kernel.dynamic_smem);
        } else {
            assert_eq!(kernel.dynamic_smem, 0, "{example}");
        }
        // Parameters: one per PTX parameter of the entry.
        let entry = &ptx[ptx.find(&format!(".entry {}(", kernel.name)).unwrap()..];
        let header = &entry[..entry.find(')').unwrap()];
        assert_eq!(header.matches(".param").count(), kernel.params.len(), "{example}: {header}\n{:?}", kernel.params);
    }
    assert!(with_dynamic >= 3, "the examples with dynamic shared memory were checked ({with_dynamic})");
}

#[test]
fn scalar_parameters_carry_the_bounds_their_leaves_declare() {
    // Issue 35: M enters `?{max=64}` leaves (the shape, through
    // make_int_tuple), N and the stride's M use plain `?`: only M's bound
    // is stated, in the metadata and its JSON.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (_, info) = Compiler::new().compile_file_with_launch_info(&root.join("tests/fixtures/copy_sm80_bounded.mlir"), "sm_80", Emit::Ptx).unwrap();
    let k = &info.kernels[0];
    assert_eq!(k.params[2], Param::Scalar { dtype: "i32".into(), max: Some(64) });
    assert_eq!(k.params[3], Param::Scalar { dtype: "i32".into(), max: None });
    let json = info.to_json("copy_sm80_bounded.mlir");
    assert_eq!(json["kernels"][0]["params"][2]["max"], 64, "{json}");
    assert!(json["kernels"][0]["params"][3].get("max").is_none(), "{json}");
}

#[test]
fn tensor_map_parameters_carry_their_encoding() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (_, info) = Compiler::new().compile_file_with_launch_info(&root.join("examples/gemm_sm100.mlir"), "sm_100a", Emit::Ptx).unwrap();
    let k = &info.kernels[0];
    // The example's first two parameters: bf16 tensor maps, boxes 64x128 and 64x256, 128-byte swizzle.
    match (&k.params[0], &k.params[1]) {
        (Param::TensorMap { element: a, fields: fa }, Param::TensorMap { element: b, fields: fb }) => {
            assert_eq!((a.as_str(), b.as_str()), ("bf16", "bf16"));
            let get = |f: &Vec<(String, String)>, k: &str| f.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone()).unwrap();
            assert_eq!(get(fa, "box"), "[64, 128]");
            assert_eq!(get(fb, "box"), "[64, 256]");
            assert_eq!(get(fa, "swizzle"), "128");
        }
        other => panic!("{other:?}"),
    }
    // C: an f32 tensor map of 32x128 boxes (the TMA-store epilogue).
    assert!(matches!(&k.params[2], Param::TensorMap { element, fields } if element == "f32" && fields.iter().any(|(n, v)| n == "box" && v == "[32, 128]")), "{:?}", k.params[2]);
    // The number the example's header used to get wrong (issue 34): 196680, not 196672.
    assert_eq!(k.dynamic_smem, 196680);
    // The JSON of `cute compile --launch-info`, with its cute run skeleton.
    let json = info.to_json("examples/gemm_sm100.mlir");
    assert_eq!(json["kernels"][0]["launch"]["dynamic_smem"], 196680);
    assert_eq!(json["kernels"][0]["launch"]["kernel"], "gemm");
}

#[test]
fn the_block_the_partitions_assume_is_reported() {
    // Issue 34: where the kernel declares no block, the metadata states the
    // threads its tiled copies and MMAs partition over, and the launch
    // skeleton uses them.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (example, chip, threads) in [("gemm_sm80", "sm_80", 128u32), ("gemm_sm90", "sm_90a", 256)] {
        let (_, info) = Compiler::new().compile_file_with_launch_info(&root.join("examples").join(format!("{example}.mlir")), chip, Emit::Ptx).unwrap();
        let k = &info.kernels[0];
        assert_eq!(k.threads.as_ref().map(|t| t.0), Some(threads), "{example}: {:?}", k.threads);
        assert_eq!(info.to_json("x")["kernels"][0]["launch"]["block"], serde_json::json!([threads, 1, 1]), "{example}");
    }
}
