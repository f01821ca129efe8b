//! Result types of the ops of `dialects-td/cute/CuteAtomOps.td`.

use super::*;

/// The result types of `op` if it is one of this family's (None if not).
pub(super) fn infer(_op: &str, mnemonic: &str, _args: &Args, operands: &[Operand], _attrs: &dyn Attrs) -> Result<Option<Vec<Inferred>>, String> {
    let result: Result<Vec<Inferred>, String> = match mnemonic {
        "make_tiled_copy_A" | "make_tiled_copy_B" | "make_tiled_copy_C" => {
            let Some(Operand::Atom(atom_text)) = operands.first() else {
                return Err("operand #0 must be a copy atom".into());
            };
            let (atom, atom_layout) = tiled_mma(operands.get(1))?;
            let which = mma_operand(mnemonic);
            let layout_tv = mma_layout_tv(&atom, &atom_layout, which).map_err(err)?;
            let tile = tile_mnk(&atom, &atom_layout).map_err(err)?;
            let (x, y) = match which {
                MmaOperand::A => (tile[0], tile[2]),
                MmaOperand::B => (tile[1], tile[2]),
                MmaOperand::C => (tile[0], tile[1]),
            };
            Ok(vec![Inferred::TiledCopy { atom: atom_text.clone(), layout_tv: layout_tv.to_string(), tiler: format!("[{x}:1;{y}:1]") }])
        }
        _ => return Ok(None),
    };
    result.map(Some)
}
