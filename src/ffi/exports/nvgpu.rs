//! `cute_nvgpu_rs_*`: the atom registry's entry points for the C++ glue
//! (declared in `dialects-td/lib/RustFFI.h`).

use super::super::{abi, guard, send, str_of};
use crate::dialect::nvgpu::{self, atom::Atom, records, Fact};
use melior::ir::Type;
use mlir_sys::{MlirStringCallback, MlirStringRef, MlirType};
use std::ffi::c_void;

/// Sends the error of `result` (if any); true if there was none.
fn report(result: Result<(), String>, callback: MlirStringCallback, user_data: *mut c_void) -> bool {
    match result {
        Ok(()) => true,
        Err(message) => {
            send(callback, user_data, &message);
            false
        }
    }
}

fn static_ref(text: &'static str) -> MlirStringRef {
    MlirStringRef { data: text.as_ptr().cast(), length: text.len() }
}

/// A live registry type, or None for a null handle.
fn atom_type<'c>(raw: MlirType) -> Option<Type<'c>> {
    // SAFETY: a non-null handle from C++ names a type of a live context.
    (!raw.ptr.is_null()).then(|| unsafe { Type::from_raw(raw) })
}

/// The type verifier of a registry type being built.
///
/// # Safety
/// `params` is null or points to a record alive for the call.
#[no_mangle]
pub unsafe extern "C" fn cute_nvgpu_rs_verify_atom(
    params: *const abi::CuteNvgpuAtom,
    callback: MlirStringCallback,
    user_data: *mut c_void,
) -> bool {
    let result = guard(|| {
        // SAFETY: C++ passes a record it owns for the duration of the call.
        let params = unsafe { params.as_ref() }.ok_or("no atom parameters")?;
        nvgpu::verify_type(&Atom::from_c(params)?)
    });
    report(result, callback, user_data)
}

/// The roster check of `chip`, and the tier rule of `atom` on it.
#[no_mangle]
pub extern "C" fn cute_nvgpu_rs_verify_on_target(
    atom: MlirType,
    chip: MlirStringRef,
    callback: MlirStringCallback,
    user_data: *mut c_void,
) -> bool {
    let result = guard(|| {
        // SAFETY: the chip is an attribute parameter alive for the call.
        let chip = unsafe { str_of(chip) }?;
        match atom_type(atom) {
            Some(ty) => nvgpu::verify_on_target(ty, chip),
            None => nvgpu::Chip::parse(chip).map(|_| ()).ok_or_else(|| nvgpu::tiers::unknown_chip(chip)),
        }
    });
    report(result, callback, user_data)
}

/// A text fact of a registry type (static storage; empty if none).
#[no_mangle]
pub extern "C" fn cute_nvgpu_rs_atom_text(atom: MlirType, which: abi::CuteNvgpuText) -> MlirStringRef {
    let fact = match which {
        abi::CuteNvgpuText::CUTE_NVGPU_TEXT_CACHE_POLICY => Fact::CachePolicy,
        abi::CuteNvgpuText::CUTE_NVGPU_TEXT_COMPLETION_MECHANISM => Fact::CompletionMechanism,
        abi::CuteNvgpuText::CUTE_NVGPU_TEXT_TMA_MODE => Fact::TmaMode,
        abi::CuteNvgpuText::CUTE_NVGPU_TEXT_TMA_DIRECTION => Fact::TmaDirection,
        abi::CuteNvgpuText::CUTE_NVGPU_TEXT_SPARSITY_PATTERN => Fact::SparsityPattern,
        _ => return static_ref(""),
    };
    let text = guard(|| {
        let (atom, interfaces) = atom_type(atom).and_then(Atom::with_interfaces).ok_or("not a registry type")?;
        records::static_fact(&atom, interfaces, fact).ok_or_else(|| "no such fact".to_string())
    });
    static_ref(text.unwrap_or(""))
}

/// A numeric fact of a registry type (0 if none).
#[no_mangle]
pub extern "C" fn cute_nvgpu_rs_atom_number(atom: MlirType, which: abi::CuteNvgpuNumber) -> u32 {
    use abi::CuteNvgpuNumber as N;
    guard(|| {
        let atom = atom_type(atom).and_then(Atom::of).ok_or("not a registry type")?;
        Ok(match which {
            N::CUTE_NVGPU_NUMBER_MIN_TIER => records::record(&atom).min_tier,
            N::CUTE_NVGPU_NUMBER_TMA_RANK => records::tma_rank(&atom),
            N::CUTE_NVGPU_NUMBER_TMEM_COLUMNS => atom.as_mma().map_or(0, nvgpu::mma::tmem_columns),
            N::CUTE_NVGPU_NUMBER_EXECUTABLE => u32::from(matches!(atom, Atom::Tma { tma, .. } if tma.executable)),
            N::CUTE_NVGPU_NUMBER_A_DESCRIPTOR => {
                u32::from(atom.as_mma().is_some_and(|p| p.frag == nvgpu::FragKind::Ss))
            }
            N::CUTE_NVGPU_NUMBER_COPY_BITS => nvgpu::copy::copy_bits(&atom).unwrap_or(0),
            // A CUtensorMap is 128 bytes; an SMEM matrix descriptor one 64-bit word.
            N::CUTE_NVGPU_NUMBER_DESCRIPTOR_BITS => match atom {
                Atom::TmaDescriptor(_) => 1024,
                Atom::SmemDescView { .. } => 64,
                _ => 0,
            },
            _ => 0,
        })
    })
    .unwrap_or(0)
}

/// The optional assembly keys of an MMA kind.
#[no_mangle]
pub extern "C" fn cute_nvgpu_rs_mma_keys(kind: abi::CuteNvgpuAtomKind) -> u32 {
    use abi::CuteNvgpuMmaKey as Key;
    let Some(family) = nvgpu::MmaFamily::of_kind(kind) else { return 0 };
    let mut keys = 0;
    if family.has_major() {
        keys |= Key::CUTE_NVGPU_MMA_KEY_AB_MAJOR.0;
    }
    if family.has_frag() {
        keys |= Key::CUTE_NVGPU_MMA_KEY_FRAG_KIND.0;
    }
    if family.has_scale() {
        keys |= Key::CUTE_NVGPU_MMA_KEY_SCALE.0;
    }
    keys
}
