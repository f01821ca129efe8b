//! A parser of the PTX subset the emulator runs (PTX ISA 8.x, chapter 11
//! "Instruction Set" for the instruction forms, chapter 5 "State Spaces,
//! Types, and Variables" for the declarations). Hand-written: the PTX that
//! LLVM's NVPTX back end prints is one statement a line, and a parser of our
//! own gives the line of every refusal (docs/emulator.md says why no crate).
//!
//! Registers are numbered per kernel at parse time, so execution indexes a
//! flat register file.

use std::collections::HashMap;

/// A PTX module: its kernels.
#[derive(Debug, Clone)]
pub struct Module {
    pub target: String,
    pub kernels: Vec<Kernel>,
}

/// A `.visible .entry` kernel.
#[derive(Debug, Clone)]
pub struct Kernel {
    pub name: String,
    pub params: Vec<Param>,
    /// `.shared` variables (kernel-local or module-level), in declaration order.
    pub shared: Vec<SharedVar>,
    /// `.local` variables (each thread's own; LLVM's `__local_depot`
    /// stack frame), in declaration order.
    pub local: Vec<SharedVar>,
    pub registers: usize,
    pub register_names: Vec<String>,
    pub code: Vec<Inst>,
    /// `.reqnctapercluster X, Y, Z`: the cluster shape the kernel declares.
    pub cluster: Option<[u32; 3]>,
}

/// The name prefix of the registers that hold a vector operand's immediate
/// elements (not a PTX name: `%` names cannot hold `:`).
const IMMEDIATE: &str = "%imm:";

impl Kernel {
    /// A thread's registers at its start: zeros, and the immediate
    /// elements' registers holding their values.
    pub fn initial_registers(&self) -> Vec<u64> {
        let mut regs = vec![0; self.registers];
        for (i, name) in self.register_names.iter().enumerate() {
            if let Some(v) = name.strip_prefix(IMMEDIATE).and_then(|v| v.parse().ok()) {
                regs[i] = v;
            }
        }
        regs
    }
}

#[derive(Debug, Clone)]
pub struct Param {
    pub name: String,
    pub bytes: usize,
}

#[derive(Debug, Clone)]
pub struct SharedVar {
    pub name: String,
    pub align: usize,
    /// 0 for an `.extern` array (dynamic shared memory).
    pub bytes: usize,
    pub dynamic: bool,
}

/// A special register (PTX ISA 10 "Special Registers").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Special {
    Tid(usize),
    Ntid(usize),
    Ctaid(usize),
    Nctaid(usize),
    LaneId,
    WarpId,
    /// The cluster registers (PTX ISA 10.12-10.17): the cluster's index
    /// in the grid and the grid's clusters, the CTA's index in its cluster
    /// and the cluster's CTAs, and the CTA's rank in the cluster.
    ClusterId(usize),
    NclusterId(usize),
    ClusterCtaid(usize),
    ClusterNctaid(usize),
    ClusterCtarank,
    ClusterNctarank,
    IsExplicitCluster,
}

/// Special registers the emulator does not model: refused by name rather
/// than read as an undeclared register (which would hold 0).
const UNMODELLED_SPECIAL: &[&str] = &[
    "%smid", "%nsmid", "%gridid", "%nwarpid", "%clock", "%clock_hi", "%clock64", "%globaltimer", "%globaltimer_lo", "%globaltimer_hi",
    "%lanemask_eq", "%lanemask_le", "%lanemask_lt", "%lanemask_ge", "%lanemask_gt", "%dynamic_smem_size", "%total_smem_size",
    "%aggr_smem_size", "%current_graph_exec",
];

#[derive(Debug, Clone, PartialEq)]
pub enum Operand {
    Reg(usize),
    Imm(u64),
    Special(Special),
    /// The address of a `.shared` variable or the name of a `.param`.
    Symbol(String),
    /// `{%r1, %r2}`.
    /// `{%r1, %r2}`, and a destination pair `%r|%p` (shfl.sync, elect.sync).
    Vector(Vec<usize>),
    /// `!%p`: a predicate source, negated (vote.sync).
    NotPred(usize),
    /// `[base+offset]`.
    Address(Box<Operand>, i64),
    Label(usize),
}

#[derive(Debug, Clone)]
pub struct Inst {
    /// 1-based line in the PTX text.
    pub line: usize,
    pub text: String,
    /// `@%p` / `@!%p`.
    pub guard: Option<(usize, bool)>,
    /// The opcode's dot-separated parts (`["mma", "sync", ...]`).
    pub opcode: Vec<String>,
    pub operands: Vec<Operand>,
}

impl Inst {
    /// Operand `i`, or the stop that names a malformed instruction (too few
    /// operands for its opcode) instead of an index out of bounds.
    pub(crate) fn op(&self, i: usize) -> Result<&Operand, crate::machine::Stop> {
        self.operands.get(i).ok_or_else(|| {
            crate::machine::Stop(
                crate::machine::HazardKind::Unsupported,
                format!("{}: operand {} is missing ({} given)", crate::machine::describe(self), i + 1, self.operands.len()),
            )
        })
    }
}

/// A refusal, with the line of the PTX it is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PtxError {
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for PtxError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PTX line {}: {}", self.line, self.message)
    }
}

/// The opcodes the emulator executes (the first part of the opcode).
pub const SUPPORTED: &[&str] = &[
    "mov", "ld", "st", "add", "sub", "mul", "mad", "min", "max", "and", "or", "xor", "not", "clz", "tanh", "ex2", "rcp", "shl", "shr", "neg", "abs",
    "div", "rem", "fma", "selp", "setp", "cvt", "cvta", "bfe", "prmt", "bra", "ret", "exit", "bar", "barrier", "cp", "ldmatrix", "stmatrix",
    "mma", "mbarrier", "fence", "prefetch", "wgmma", "tcgen05", "shfl", "vote", "elect", "mapa", "setmaxnreg",
];

fn err(line: usize, message: impl Into<String>) -> PtxError {
    PtxError { line, message: message.into() }
}

/// Splits `a, {b, c}, [d+4]` at top-level commas.
fn split_operands(text: &str) -> Vec<String> {
    let (mut out, mut depth, mut current) = (Vec::new(), 0i32, String::new());
    for c in text.chars() {
        match c {
            '{' | '[' => {
                depth += 1;
                current.push(c)
            }
            '}' | ']' => {
                depth -= 1;
                current.push(c)
            }
            ',' if depth == 0 => out.push(std::mem::take(&mut current).trim().to_string()),
            _ => current.push(c),
        }
    }
    if !current.trim().is_empty() {
        out.push(current.trim().to_string());
    }
    out
}

/// An integer or floating-point immediate (PTX ISA 4.5 "Constants": decimal,
/// hex `0x`, `0f` + 8 hex digits for f32, `0d` + 16 for f64).
fn immediate(text: &str) -> Option<u64> {
    let t = text.trim();
    if let Some(hex) = t.strip_prefix("0f").or_else(|| t.strip_prefix("0F")) {
        return u32::from_str_radix(hex, 16).ok().map(u64::from);
    }
    if let Some(hex) = t.strip_prefix("0d").or_else(|| t.strip_prefix("0D")) {
        return u64::from_str_radix(hex, 16).ok();
    }
    let (negative, body) = match t.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, t),
    };
    let body = body.trim_end_matches('U');
    let magnitude = if let Some(hex) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        u64::from_str_radix(hex, 16).ok()?
    } else {
        body.parse::<u64>().ok()?
    };
    Some(if negative { magnitude.wrapping_neg() } else { magnitude })
}

#[derive(Default)]
struct Regs {
    index: HashMap<String, usize>,
    names: Vec<String>,
}

impl Regs {
    fn get(&mut self, name: &str) -> usize {
        if let Some(&i) = self.index.get(name) {
            return i;
        }
        let i = self.names.len();
        self.index.insert(name.to_string(), i);
        self.names.push(name.to_string());
        i
    }
}

fn special(name: &str) -> Option<Special> {
    let dim = |s: &str| match s {
        "x" => Some(0),
        "y" => Some(1),
        "z" => Some(2),
        _ => None,
    };
    let (base, component) = name.split_once('.').unwrap_or((name, ""));
    Some(match base {
        "%tid" => Special::Tid(dim(component)?),
        "%ntid" => Special::Ntid(dim(component)?),
        "%ctaid" => Special::Ctaid(dim(component)?),
        "%nctaid" => Special::Nctaid(dim(component)?),
        "%laneid" => Special::LaneId,
        "%warpid" => Special::WarpId,
        "%clusterid" => Special::ClusterId(dim(component)?),
        "%nclusterid" => Special::NclusterId(dim(component)?),
        "%cluster_ctaid" => Special::ClusterCtaid(dim(component)?),
        "%cluster_nctaid" => Special::ClusterNctaid(dim(component)?),
        "%cluster_ctarank" => Special::ClusterCtarank,
        "%cluster_nctarank" => Special::ClusterNctarank,
        "%is_explicit_cluster" => Special::IsExplicitCluster,
        _ => return None,
    })
}

/// `%is_explicit_cluster` is the one `.pred` special register (PTX ISA
/// 10.17): only `mov.pred` reads it, and `mov.pred` reads no other. The
/// registers are untyped here, so without this check `mov.u32 %r,
/// %is_explicit_cluster` ran, where ptxas refuses it ("Arguments mismatch
/// for instruction 'mov'", found on an H100).
fn check_special_types(opcode: &[String], operands: &[Operand], line: usize) -> Result<(), PtxError> {
    let pred_mov = opcode.len() == 2 && opcode[0] == "mov" && opcode[1] == "pred";
    for o in operands {
        if let Operand::Special(s) = o {
            let pred = *s == Special::IsExplicitCluster;
            if pred != pred_mov {
                let (name, kind) = if pred { ("%is_explicit_cluster", ".pred") } else { ("this special register", "an integer") };
                return Err(err(line, format!("{name} is {kind} register: '{}' cannot read it (PTX ISA 10)", opcode.join("."))));
            }
        }
    }
    Ok(())
}

/// The scoped name of a register an inline-asm block declared (`.reg .pred p;`).
fn local(name: &str, locals: &[HashMap<String, String>]) -> Option<String> {
    locals.iter().rev().find_map(|scope| scope.get(name).cloned())
}

fn operand(text: &str, regs: &mut Regs, line: usize, locals: &[HashMap<String, String>]) -> Result<Operand, PtxError> {
    let t = text.trim();
    if let Some(scoped) = local(t, locals) {
        return Ok(Operand::Reg(regs.get(&scoped)));
    }
    if let Some(p) = t.strip_prefix("!%") {
        let p = format!("%{p}");
        return Ok(Operand::NotPred(regs.get(&local(&p, locals).unwrap_or(p.clone()))));
    }
    if let Some((d, p)) = t.split_once('|') {
        let name = |r: &str| local(r.trim(), locals).unwrap_or_else(|| r.trim().to_string());
        return Ok(Operand::Vector(vec![regs.get(&name(d)), regs.get(&name(p))]));
    }
    if let Some(inner) = t.strip_prefix('{').and_then(|r| r.strip_suffix('}')) {
        let list = inner
            .split(',')
            .map(|r| {
                let r = r.trim();
                if let Some(scoped) = local(r, locals) {
                    Ok(regs.get(&scoped))
                } else if r.starts_with('%') {
                    Ok(regs.get(r))
                } else if let Some(v) = immediate(r) {
                    // An immediate element (LLVM stores splat constants as
                    // `st.v4.b32 [a], {c, c, c, c}`): a register of its own
                    // that every thread starts with the value in
                    // (`Kernel::initial_registers`).
                    Ok(regs.get(&format!("{IMMEDIATE}{v}")))
                } else if r == "_" {
                    // The sink (PTX ISA 9.7.9.10 mov unpacking `{_, %r}`):
                    // a register of its own that nothing reads.
                    Ok(regs.get("_"))
                } else {
                    Err(err(line, format!("vector element '{r}' is not a register")))
                }
            })
            .collect::<Result<_, _>>()?;
        return Ok(Operand::Vector(list));
    }
    if let Some(inner) = t.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        // `[tensor-map, {c0, c1, ...}]` (cp.async.bulk.tensor): a base and coordinates.
        if let Some((base, coords)) = inner.split_once(", {") {
            let base = operand(base, regs, line, locals)?;
            let coords = operand(&format!("{{{coords}"), regs, line, locals)?;
            return Ok(Operand::Vector(match (base, coords) {
                (Operand::Reg(b), Operand::Vector(mut c)) => {
                    c.insert(0, b);
                    c
                }
                _ => return Err(err(line, format!("cannot read the tensor operand '{t}'"))),
            }));
        }
        let (base, offset) = match inner.rfind(['+', '-']).filter(|&i| i > 0) {
            Some(i) => {
                let off = immediate(&inner[i + 1..]).ok_or_else(|| err(line, format!("bad address offset in '{t}'")))? as i64;
                // `[%r+-112]`: LLVM prints a negative offset after a '+'.
                let base = inner[..i].strip_suffix('+').unwrap_or(&inner[..i]);
                (base, if &inner[i..i + 1] == "-" { -off } else { off })
            }
            None => (inner, 0),
        };
        let base = base.trim();
        if base.starts_with('%') && !base[1..].chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$' || c == '.') {
            return Err(err(line, format!("bad address '{t}'")));
        }
        let base = if let Some(scoped) = local(base, locals) {
            Operand::Reg(regs.get(&scoped))
        } else if base.starts_with('%') {
            Operand::Reg(regs.get(base))
        } else if let Some(v) = immediate(base) {
            Operand::Imm(v)
        } else {
            Operand::Symbol(base.to_string())
        };
        return Ok(Operand::Address(Box::new(base), offset));
    }
    if t.starts_with('%') {
        if let Some(s) = special(t) {
            return Ok(Operand::Special(s));
        }
        let base = t.split_once('.').map_or(t, |(b, _)| b);
        let numbered = |prefix: &str, suffix: &str| base.strip_prefix(prefix).and_then(|r| r.strip_suffix(suffix)).is_some_and(|d| !d.is_empty() && d.bytes().all(|c| c.is_ascii_digit()));
        let counter = numbered("%pm", "") || numbered("%pm", "_64") || numbered("%envreg", "");
        if UNMODELLED_SPECIAL.contains(&base) || counter || base.starts_with("%reserved_smem_offset") {
            return Err(err(line, format!("special register '{t}' is not emulated")));
        }
        return Ok(Operand::Reg(regs.get(t)));
    }
    if let Some(v) = immediate(t) {
        return Ok(Operand::Imm(v));
    }
    if t.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$' || c == '.') && !t.is_empty() {
        return Ok(Operand::Symbol(t.to_string()));
    }
    Err(err(line, format!("cannot read the operand '{t}'")))
}

/// Parses a PTX module.
pub fn parse(text: &str) -> Result<Module, PtxError> {
    let lines: Vec<&str> = text.lines().collect();
    let mut target = String::new();
    let mut kernels = Vec::new();
    let mut module_shared = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = strip_comment(lines[i]).trim();
        if line.starts_with(".target") {
            target = line[7..].trim().split(',').next().unwrap_or("").trim().to_string();
        } else if line.contains(".shared") && !line.contains(".entry") {
            module_shared.push(shared_var(line, i + 1)?);
        } else if line.contains(".entry") {
            let (kernel, next) = parse_kernel(&lines, i, &module_shared)?;
            kernels.push(kernel);
            i = next;
            continue;
        } else if line.contains(".func") {
            return Err(err(i + 1, "device functions (.func) are not supported: kernels call nothing"));
        }
        i += 1;
    }
    Ok(Module { target, kernels })
}

fn strip_comment(line: &str) -> &str {
    line.split("//").next().unwrap_or("")
}

/// `.shared .align 1024 .b8 name[24576];` or `.extern .shared .align 16 .b8 name[];`
fn shared_var(line: &str, n: usize) -> Result<SharedVar, PtxError> {
    let words: Vec<&str> = line.trim_end_matches(';').split_whitespace().collect();
    let align = words.iter().position(|w| *w == ".align").and_then(|p| words.get(p + 1)).and_then(|a| a.parse().ok()).unwrap_or(1);
    let decl = words.last().ok_or_else(|| err(n, "empty .shared declaration"))?;
    let (name, rest) = decl.split_once('[').unwrap_or((decl, "1]"));
    let count = rest.trim_end_matches(']');
    // The element type's bits (`.b8`, `.u32`, ...; not `.shared`).
    let element = words
        .iter()
        .find_map(|w| {
            w.strip_prefix(".b").or_else(|| w.strip_prefix(".u")).or_else(|| w.strip_prefix(".s")).or_else(|| w.strip_prefix(".f")).and_then(|b| b.parse::<usize>().ok())
        })
        .unwrap_or(8)
        / 8;
    let dynamic = line.contains(".extern") || count.is_empty();
    let bytes = if dynamic { 0 } else { count.parse::<usize>().map_err(|_| err(n, format!("bad .shared size in '{line}'")))? * element };
    Ok(SharedVar { name: name.to_string(), align, bytes, dynamic })
}

fn parse_kernel(lines: &[&str], start: usize, module_shared: &[SharedVar]) -> Result<(Kernel, usize), PtxError> {
    let header = strip_comment(lines[start]);
    let name = header
        .split(".entry")
        .nth(1)
        .and_then(|r| r.split('(').next())
        .map(|s| s.trim().to_string())
        .ok_or_else(|| err(start + 1, "an .entry without a name"))?;
    let (params, mut i) = parameters(lines, start, &name)?;
    // `.reqnctapercluster X{, Y{, Z}}` between the parameters and the body;
    // `.explicitcluster` alone declares a cluster of the launch's shape,
    // which the emulator's launch does not take: 1 x 1 x 1.
    let header: Vec<(usize, &str)> = (start..i).map(|k| (k + 1, strip_comment(lines[k]).trim())).collect();
    let mut cluster = header.iter().any(|(_, l)| l.starts_with(".explicitcluster")).then_some([1u32; 3]);
    if let Some((n, dims)) = header.iter().find_map(|(n, l)| l.strip_prefix(".reqnctapercluster").map(|d| (*n, d))) {
        let mut out = [1u32; 3];
        let list: Vec<&str> = dims.split(',').map(|x| x.trim().trim_end_matches(';').trim()).collect();
        if list.len() > 3 {
            return Err(err(n, format!("'.reqnctapercluster{dims}' has more than 3 dimensions")));
        }
        for (d, x) in list.iter().enumerate() {
            out[d] = x.parse().ok().filter(|&v| v > 0).ok_or_else(|| err(n, format!("'.reqnctapercluster{dims}': '{x}' is not a positive count")))?;
        }
        cluster = Some(out);
    }
    i += 1;
    let mut regs = Regs { index: HashMap::new(), names: Vec::new() };
    let mut shared: Vec<SharedVar> = module_shared.to_vec();
    let mut local_vars: Vec<SharedVar> = Vec::new();
    let mut code = Vec::new();
    let mut labels: HashMap<String, usize> = HashMap::new();
    let mut pending_labels: Vec<(usize, String, Vec<usize>)> = Vec::new(); // (code index, label, scopes) fixups
    let mut depth = 0;
    let mut scopes: Vec<usize> = Vec::new();
    let mut locals: Vec<HashMap<String, String>> = Vec::new();
    let mut scope_count = 0;
    while i < lines.len() {
        let raw = lines[i];
        let l = strip_comment(raw).trim();
        let n = i + 1;
        i += 1;
        if l.is_empty() {
            continue;
        }
        if l == "}" {
            if depth == 0 {
                break;
            }
            depth -= 1;
            locals.pop();
            scopes.pop();
            continue;
        }
        // An inline-asm block: its registers and labels are its own.
        if l == "{" {
            depth += 1;
            scope_count += 1;
            scopes.push(scope_count);
            locals.push(HashMap::new());
            continue;
        }
        if let Some(label) = l.strip_suffix(':') {
            let label = label.trim();
            let name = match scopes.last() {
                Some(s) => format!("{label}#{s}"),
                None => label.to_string(),
            };
            labels.insert(name, code.len());
            continue;
        }
        if l.starts_with(".reg") || l.starts_with(".local") || l.starts_with(".pragma") || l.starts_with(".maxntid") || l.starts_with(".reqntid") {
            if l.starts_with(".local") {
                local_vars.push(shared_var(l, n)?);
                continue;
            }
            if let (Some(scope), Some(map)) = (scopes.last(), locals.last_mut()) {
                // `.reg .pred p;`: a register of this block only.
                for name in l.trim_end_matches(';').split_whitespace().skip(2).flat_map(|w| w.split(',')) {
                    let name = name.trim();
                    if !name.is_empty() {
                        map.insert(name.to_string(), format!("{name}#{scope}"));
                    }
                }
            }
            continue;
        }
        if l.starts_with(".shared") {
            shared.push(shared_var(l, n)?);
            continue;
        }
        // A statement may span lines (LLVM prints mma's operands one a line).
        let mut joined = l.to_string();
        while !joined.ends_with(';') && i < lines.len() {
            joined.push(' ');
            joined.push_str(strip_comment(lines[i]).trim());
            i += 1;
        }
        let statement = joined.trim_end_matches(';').trim();
        let (guard, body) = if let Some(rest) = statement.strip_prefix('@') {
            let (p, body) = rest.split_once(char::is_whitespace).ok_or_else(|| err(n, "a guard without an instruction"))?;
            let (negate, p) = match p.strip_prefix('!') {
                Some(p) => (true, p),
                None => (false, p),
            };
            let p = local(p, &locals).unwrap_or_else(|| p.to_string());
            (Some((regs.get(&p), negate)), body.trim())
        } else {
            (None, statement)
        };
        let (op, rest) = body.split_once(char::is_whitespace).unwrap_or((body, ""));
        let opcode: Vec<String> = op.split('.').map(str::to_string).collect();
        if !SUPPORTED.contains(&opcode[0].as_str()) {
            return Err(err(n, format!("instruction '{op}' is outside the supported PTX subset")));
        }
        let mut operands = Vec::new();
        for (k, text) in split_operands(rest).iter().enumerate() {
            if opcode[0] == "bra" && k == 0 {
                pending_labels.push((code.len(), text.clone(), scopes.clone()));
                operands.push(Operand::Label(usize::MAX));
            } else {
                operands.push(operand(text, &mut regs, n, &locals)?);
            }
        }
        check_special_types(&opcode, &operands, n)?;
        code.push(Inst { line: n, text: body.to_string(), guard, opcode, operands });
    }
    for (at, label, scopes) in pending_labels {
        // The innermost block's label of that name, else the kernel's.
        let target = scopes
            .iter()
            .rev()
            .find_map(|s| labels.get(&format!("{label}#{s}")))
            .or_else(|| labels.get(&label))
            .copied()
            .ok_or_else(|| err(code[at].line, format!("branch to an unknown label '{label}'")))?;
        code[at].operands[0] = Operand::Label(target);
    }
    Ok((Kernel { name, params, shared, local: local_vars, registers: regs.names.len(), register_names: regs.names, code, cluster }, i))
}

/// The parameters of the kernel whose `.entry` line is `start`, and the
/// line of its body's `{`. The header runs up to that line; its parameter
/// list, one a line (LLVM's form) or several on one, is what its
/// parentheses hold.
fn parameters(lines: &[&str], start: usize, name: &str) -> Result<(Vec<Param>, usize), PtxError> {
    let mut header_text = String::new();
    let mut i = start;
    while i < lines.len() && strip_comment(lines[i]).trim() != "{" {
        header_text.push_str(strip_comment(lines[i]));
        header_text.push(' ');
        i += 1;
    }
    let list = match (header_text.find('('), header_text.rfind(')')) {
        (Some(open), Some(close)) if open < close => &header_text[open + 1..close],
        _ => "",
    };
    let mut params = Vec::new();
    for l in list.split(',').map(str::trim).filter(|l| !l.is_empty()) {
        if !l.starts_with(".param") {
            return Err(err(start + 1, format!("kernel '{name}': parameter '{l}' is not a .param")));
        }
        let words: Vec<&str> = l.split_whitespace().collect();
        let decl = *words.last().unwrap();
        let (pname, count) = match decl.split_once('[') {
            Some((p, c)) => (p, c.trim_end_matches(']').parse::<usize>().unwrap_or(1)),
            None => (decl, 1),
        };
        let bits = words
            .iter()
            .find_map(|w| w.strip_prefix(".u").or_else(|| w.strip_prefix(".b")).or_else(|| w.strip_prefix(".s")).or_else(|| w.strip_prefix(".f")).and_then(|b| b.parse::<usize>().ok()))
            .unwrap_or(8);
        params.push(Param { name: pname.to_string(), bytes: bits / 8 * count });
    }
    Ok((params, i))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn negative_offsets_parse_as_llvm_prints_them() {
        // LLVM's NVPTX printer writes `[%rd208+-112]` for a negative offset.
        let mut regs = Regs::default();
        let Operand::Address(base, offset) = operand("[%rd208+-112]", &mut regs, 1, &[]).unwrap() else { panic!("an address") };
        assert_eq!((*base, offset), (Operand::Reg(regs.get("%rd208")), -112));
        let Operand::Address(_, offset) = operand("[%rd7-16]", &mut regs, 1, &[]).unwrap() else { panic!("an address") };
        assert_eq!(offset, -16);
        assert!(operand("[%rd1+*4]", &mut regs, 1, &[]).is_err());
    }
}
