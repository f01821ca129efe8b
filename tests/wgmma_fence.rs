//! Issue 36: the PTX ISA's `wgmma.fence` rule, checked on the PTX of every
//! sm_90a kernel with WGMMA: between a `wgmma.fence` and each
//! `wgmma.mma_async` of its group, no instruction writes a register that
//! wgmma reads (its accumulator or register-A operand); other wgmmas of the
//! group are the ISA's exemption. After the group's `wgmma.wait_group`, no
//! instruction between the last wgmma and the wait reads a register the
//! wgmmas write.

use cute_mlir::{compile::Emit, Compiler};
use std::path::Path;

/// The registers named in `text` (`%r12`, `%f3`, `%rd4`; not `%tid.x`).
fn registers(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let start = i;
            i += 1;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            let name = &text[start..i];
            if i < bytes.len() && bytes[i] == b'.' {
                continue; // a special register such as %tid.x
            }
            if name.len() > 1 {
                out.push(name.to_string());
            }
        } else {
            i += 1;
        }
    }
    out
}

/// The PTX instructions (one statement each, inline-asm blocks flattened),
/// without comments, labels and directives.
fn instructions(ptx: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in ptx.lines() {
        let line = line.split("//").next().unwrap_or("").trim();
        if line.is_empty() || line.starts_with('.') || line.starts_with('{') || line.starts_with('}') || line.ends_with(':') {
            continue;
        }
        out.push(line.trim_end_matches(';').to_string());
    }
    out
}

/// The registers an instruction writes: its first operand, for the
/// opcodes that have a destination.
fn written(instruction: &str) -> Vec<String> {
    let body = instruction.strip_prefix('@').map(|r| r.split_once(' ').map(|(_, b)| b).unwrap_or("")).unwrap_or(instruction).trim();
    let (opcode, operands) = body.split_once(char::is_whitespace).unwrap_or((body, ""));
    const NO_DESTINATION: [&str; 14] =
        ["st", "bar", "bra", "ret", "fence", "wgmma", "cp", "red", "prefetch", "membar", "trap", "exit", "barrier", "griddepcontrol"];
    if NO_DESTINATION.iter().any(|p| opcode == *p || opcode.starts_with(&format!("{p}."))) {
        return Vec::new();
    }
    let first = if operands.trim_start().starts_with('{') {
        operands[..operands.find('}').map(|i| i + 1).unwrap_or(operands.len())].to_string()
    } else {
        operands.split(',').next().unwrap_or("").to_string()
    };
    registers(&first)
}

/// The fence-rule hazards of one kernel's PTX.
fn hazards(ptx: &str) -> Vec<String> {
    let code = instructions(ptx);
    let mut found = Vec::new();
    let mut fence: Option<usize> = None;
    let mut written_since: Vec<(String, usize)> = Vec::new();
    // Registers of wgmmas issued and not yet waited for.
    let mut in_flight: Vec<String> = Vec::new();
    for (i, instruction) in code.iter().enumerate() {
        if instruction.starts_with("wgmma.wait_group") {
            in_flight.clear();
        } else if !instruction.starts_with("wgmma.") {
            let touched: Vec<String> = registers(instruction);
            if let Some(r) = touched.iter().find(|r| in_flight.contains(r)) {
                found.push(format!("{r} of an in-flight wgmma used by `{instruction}` before its wgmma.wait_group"));
            }
        }
        if instruction.starts_with("wgmma.mma_async") {
            if let Some(at) = instruction.find('{') {
                in_flight.extend(registers(&instruction[at..at + instruction[at..].find('}').unwrap_or(0)]));
            }
        }
        if instruction.starts_with("wgmma.fence") {
            fence = Some(i);
            written_since.clear();
        } else if instruction.starts_with("wgmma.mma_async") {
            if fence.is_some() {
                // The operands in braces: D/C and, for `rs`, A.
                let operands: Vec<String> = instruction
                    .match_indices('{')
                    .flat_map(|(at, _)| registers(&instruction[at..at + instruction[at..].find('}').unwrap_or(0)]))
                    .collect();
                for (register, line) in &written_since {
                    if operands.contains(register) {
                        found.push(format!("{register} written by `{}` between wgmma.fence and `{}`", code[*line], &instruction[..40.min(instruction.len())]));
                    }
                }
            }
        } else if instruction.starts_with("wgmma.commit_group") {
            fence = None;
        } else if fence.is_some() {
            written_since.extend(written(instruction).into_iter().map(|r| (r, i)));
        }
    }
    found
}

fn compile(path: &Path) -> String {
    Compiler::new().compile_file(path, "sm_90a", Emit::Ptx).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn no_register_of_a_wgmma_is_written_between_its_fence_and_it() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let kernels = [
        "examples/wgmma_sm90.mlir",
        "examples/wgmma_rs_sm90.mlir",
        "examples/gemm_sm90.mlir",
        "examples/conv_fprop_sm90.mlir",
        "tests/lit/Conversion/CuteNvgpuToNVVM/sm90/wgmma-sm90.mlir",
        "tests/lit/Conversion/CuteNvgpuToNVVM/sm90/wgmma-rs-sm90.mlir",
    ];
    let mut checked = 0;
    for kernel in kernels {
        let ptx = compile(&root.join(kernel));
        assert!(ptx.contains("wgmma.fence") && ptx.contains("wgmma.mma_async"), "{kernel} has no WGMMA group");
        let found = hazards(&ptx);
        assert!(found.is_empty(), "{kernel}: {} fence hazards:\n{}", found.len(), found.join("\n"));
        checked += 1;
    }
    assert_eq!(checked, kernels.len());
}

#[test]
fn the_checker_finds_the_hazard_it_looks_for() {
    // The PTX LLVM produced before issue 36: the accumulator zeroed after
    // the fence.
    let ptx = "\twgmma.fence.sync.aligned;\n\tmov.b32 \t%r1, 0;\n\tmov.b32 \t%r2, %r1;\n\
               wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%r1, %r2, %r3, %r4}, %rd1, %rd2, p, 1, 1, 0, 0;\n\
               wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%r1, %r2, %r3, %r4}, %rd3, %rd4, p, 1, 1, 0, 0;\n\
               \twgmma.commit_group.sync.aligned;\n";
    let found = hazards(ptx);
    assert_eq!(found.len(), 4, "{found:#?}"); // %r1, %r2 for each of the two wgmmas
    // Written before the fence: no hazard; an accumulator chain between
    // wgmmas of the group: the ISA's exemption.
    let ok = "\tmov.b32 \t%r1, 0;\n\twgmma.fence.sync.aligned;\n\tcvt.u32.u64 \t%r9, %rd1;\n\
              wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%r1, %r2, %r3, %r4}, %rd1, %rd2, p, 1, 1, 0, 0;\n\
              wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%r1, %r2, %r3, %r4}, %rd3, %rd4, p, 1, 1, 0, 0;\n\
              \twgmma.commit_group.sync.aligned;\n\twgmma.wait_group.sync.aligned \t0;\n\tst.shared.b32 \t[%r9], %r1;\n";
    assert!(hazards(ok).is_empty(), "{:#?}", hazards(ok));
    // A result read before the wait.
    let early = "\twgmma.fence.sync.aligned;\n\
              wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%r1, %r2, %r3, %r4}, %rd1, %rd2, p, 1, 1, 0, 0;\n\
              \twgmma.commit_group.sync.aligned;\n\tst.shared.b32 \t[%r9], %r1;\n\twgmma.wait_group.sync.aligned \t0;\n";
    assert_eq!(hazards(early).len(), 1, "{:#?}", hazards(early));
}
