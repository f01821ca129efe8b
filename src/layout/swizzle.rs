//! Swizzle functors `Sw<B,M,S>` and composed layouts `Sw<B,M,S> o off o L`.
//!
//! Semantics are CuTe's `Swizzle<BBits, MBase, SShift>` (and pycute's
//! `Swizzle(bits, base, shift)`), which the oracle uses: the `B` bits starting
//! at bit `M + max(0,S)` are XOR-ed into the `B` bits starting at bit
//! `M - min(0,S)`. Spec 001's bit formula (read bits at `S`, write at `M`) is
//! a different parameterization; see docs/layout-decisions.md.

use std::fmt;

use super::error::{Cond, LayoutError};
use super::ops;
use super::symbolic::{self, Step};
use super::tuple::{DynInt, Layout, Leaf};

/// `Sw<B,M,S>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Swizzle {
    pub bits: u32,
    pub base: u32,
    pub shift: i32,
}

impl Swizzle {
    /// Validates the parameters (CuTe: `|S| >= B`, all masks within 63 bits).
    pub fn new(bits: u32, base: u32, shift: i32) -> Result<Swizzle, Cond> {
        if shift.unsigned_abs() < bits {
            return Err(format!(
                "|shift| = {} must be >= bits = {bits}",
                shift.unsigned_abs()
            ));
        }
        // Offsets are 32-bit (NVIDIA's IR and CuTe's uint32 swizzle masks).
        let top = bits as u64 + base as u64 + shift.unsigned_abs() as u64;
        if top > 32 {
            return Err(format!(
                "swizzle Sw<{bits},{base},{shift}> addresses bits beyond 32: bits + base + |shift| = {top}"
            ));
        }
        Ok(Swizzle { bits, base, shift })
    }

    /// The same swizzle on byte addresses of `bytes`-byte elements (CuTe's
    /// swizzle pointer: `Sw<B,M,S>` of elements is `Sw<B,M+log2(bytes),S>`
    /// of bytes).
    pub fn in_bytes(&self, bytes: u64) -> Result<Swizzle, Cond> {
        if !bytes.is_power_of_two() {
            return Err(format!("a swizzle of {bytes}-byte elements has no byte form"));
        }
        Swizzle::new(self.bits, self.base + bytes.trailing_zeros(), self.shift)
    }

    /// The byte form of a swizzle over packed `bits`-bit elements (`bits`
    /// a power of two below 8): its base drops by log2(8 / bits), so the
    /// swizzle must not permute within a byte.
    pub fn in_sub_bytes(&self, bits: u32) -> Result<Swizzle, Cond> {
        if !bits.is_power_of_two() || bits >= 8 {
            return Err(format!("a swizzle of packed {bits}-bit elements has no byte form"));
        }
        let drop = (8 / bits).trailing_zeros();
        if self.base < drop {
            return Err(format!("the swizzle {self} permutes packed {bits}-bit elements within a byte"));
        }
        Swizzle::new(self.bits, self.base - drop, self.shift)
    }

    /// The byte form of a swizzle over `bits`-bit elements: [`Self::in_bytes`]
    /// for whole bytes, [`Self::in_sub_bytes`] for packed sub-byte ones.
    pub fn over_bits(&self, bits: u32) -> Result<Swizzle, Cond> {
        if bits % 8 == 0 {
            self.in_bytes(u64::from(bits / 8))
        } else {
            self.in_sub_bytes(bits)
        }
    }

    /// The swizzle is a function of the low `period_log2` offset bits only
    /// (higher bits pass through): a base aligned to `2^period_log2` elements
    /// swizzles the same relative to itself as in absolute addresses.
    pub fn period_log2(&self) -> u32 {
        self.bits + self.base + self.shift.unsigned_abs()
    }

    fn yyy_mask(&self) -> i64 {
        ((1i64 << self.bits) - 1) << (self.base as i64 + self.shift.max(0) as i64)
    }

    /// Applies the swizzle to an offset. Negative offsets are rejected because
    /// the bit pattern of a negative offset has no meaning in shared memory.
    pub fn apply(&self, offset: i64) -> Result<i64, Cond> {
        if offset < 0 {
            return Err(format!("swizzle of negative offset {offset}"));
        }
        let y = offset & self.yyy_mask();
        let moved = if self.shift >= 0 {
            y >> self.shift
        } else {
            y << (-self.shift)
        };
        Ok(offset ^ moved)
    }
}

impl Swizzle {
    /// [`Swizzle::apply`] on a static or run-time offset: a run-time result
    /// records its bit steps (`x ^ ((x & mask) >> S)`) for the lowering.
    pub fn apply_leaf(&self, offset: &Leaf) -> Result<Leaf, Cond> {
        match offset {
            Leaf::Int(v) => Ok(Leaf::Int(self.apply(*v)?)),
            Leaf::Dyn(d) => {
                let masked = symbolic::binary(Step::And, offset, &Leaf::Int(self.yyy_mask()));
                let masked = Leaf::Dyn(DynInt { expr: masked, ..DynInt::UNKNOWN });
                let (step, amount) = if self.shift >= 0 { (Step::Shr, self.shift) } else { (Step::Shl, -self.shift) };
                let moved = symbolic::binary(step, &masked, &Leaf::Int(i64::from(amount)));
                let moved = Leaf::Dyn(DynInt { expr: moved, ..DynInt::UNKNOWN });
                let expr = symbolic::binary(Step::Xor, offset, &moved);
                // The low `base` bits are untouched: what divides 2^base stays.
                let divisibility = super::tuple::gcd(d.divisibility, 1u64 << self.base.min(62)).max(1);
                Ok(Leaf::Dyn(DynInt { divisibility, wide: d.wide, max: 0, expr }))
            }
            other => Err(format!("swizzle of `{other}`, which is not an offset")),
        }
    }
}

impl fmt::Display for Swizzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "S<{},{},{}>", self.bits, self.base, self.shift)
    }
}

/// `Sw<B,M,S> o offset o L`: `i -> swizzle(offset + L(i))`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ComposedLayout {
    pub swizzle: Swizzle,
    pub offset: i64,
    pub layout: Layout,
}

impl ComposedLayout {
    /// `swizzle(offset + L(coord))` for a static or run-time coordinate (the
    /// run-time steps, XOR included, are recorded for the lowering).
    pub fn crd2idx(&self, coord: &super::tuple::IntTuple) -> Result<Leaf, LayoutError> {
        let fail = |c: Cond| LayoutError::new("crd2idx", vec![coord.to_string(), self.to_string()], c);
        let index = ops::crd2idx_tuple(coord, &self.layout)?;
        let super::tuple::IntTuple::Leaf(index) = index else {
            return Err(fail(format!("the index {index} is not an integer")));
        };
        let shifted = super::tuple_ops::TupleOp::Add.apply_leaf(&index, &Leaf::Int(self.offset)).map_err(fail)?;
        self.swizzle.apply_leaf(&shifted).map_err(fail)
    }

    /// The function table `[swizzle(offset + L(i)) for i < size(L)]`.
    pub fn table(&self) -> Result<Vec<i64>, LayoutError> {
        let fail = |c: Cond| LayoutError::new("swizzle_layout", vec![self.to_string()], c);
        let mut table = ops::table(&self.layout).map_err(|e| fail(e.into_condition()))?;
        // Check the extremes once, then swizzle in a branch-free loop.
        // The extremes of the layout's image, from its modes (no pass over
        // the table): every offset in between is then valid.
        let (lo, hi) = ops::image_bounds(&self.layout).map_err(|e| fail(e.into_condition()))?;
        for v in [lo, hi] {
            let x = v
                .checked_add(self.offset)
                .ok_or_else(|| fail(format!("integer overflow in {v} + {}", self.offset)))?;
            self.swizzle.apply(x).map_err(fail)?;
        }
        // Offsets are non-negative here, so unsigned shifts give the same bits
        // (and vectorize: x86-64 has no 64-bit arithmetic vector shift).
        let (offset, mask) = (self.offset, self.swizzle.yyy_mask() as u64);
        let shift = self.swizzle.shift.unsigned_abs();
        if self.swizzle.shift >= 0 {
            table.iter_mut().for_each(|v| {
                let x = (*v + offset) as u64;
                *v = (x ^ ((x & mask) >> shift)) as i64;
            });
        } else {
            table.iter_mut().for_each(|v| {
                let x = (*v + offset) as u64;
                *v = (x ^ ((x & mask) << shift)) as i64;
            });
        }
        Ok(table)
    }
}

impl fmt::Display for ComposedLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} o {} o {}", self.swizzle, self.offset, self.layout)
    }
}

/// The inner part of a composed layout in NVIDIA's CuTe IR: a swizzle or
/// a layout (CuTe's `ComposedLayout<A, O, B>` with any functor `A`).
#[derive(Clone, Debug, PartialEq)]
pub enum ComposedInner {
    Swizzle(Swizzle),
    Layout(Layout),
}

/// `inner o offset o outer` with any inner part and an int-tuple offset
/// (static, `?`, or a tuple for a basis-strided inner layout): the type
/// notation NVIDIA's IR accepts. The algebra works on [`ComposedLayout`]
/// (a swizzle and a static offset); [`GeneralComposed::swizzled`] narrows.
#[derive(Clone, Debug, PartialEq)]
pub struct GeneralComposed {
    pub inner: ComposedInner,
    pub offset: super::tuple::IntTuple,
    pub layout: Layout,
}

impl GeneralComposed {
    /// The swizzled form, if the inner part is a swizzle and the offset a
    /// static integer.
    pub fn swizzled(&self) -> Option<ComposedLayout> {
        match (&self.inner, self.offset.as_int()) {
            (ComposedInner::Swizzle(s), Some(offset)) => Some(ComposedLayout { swizzle: *s, offset, layout: self.layout.clone() }),
            _ => None,
        }
    }
}

impl fmt::Display for ComposedInner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ComposedInner::Swizzle(s) => write!(f, "{s}"),
            ComposedInner::Layout(l) => write!(f, "{l}"),
        }
    }
}

impl fmt::Display for GeneralComposed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} o {} o {}", self.inner, self.offset, self.layout)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cute_semantics_sw343() {
        // CuTe Sw<3,4,3>: bits [7,10) are XOR-ed into bits [4,7).
        let s = Swizzle::new(3, 4, 3).unwrap();
        assert_eq!(s.apply(0x40).unwrap(), 0x40);
        assert_eq!(s.apply(0x18).unwrap(), 0x18); // spec 001 claims 0x28 (different parameterization)
        assert_eq!(s.apply(0x80).unwrap(), 0x90);
        assert_eq!(s.apply(0x3f0).unwrap(), 0x380);
        // Self-inverse.
        for x in 0..2048 {
            assert_eq!(s.apply(s.apply(x).unwrap()).unwrap(), x);
        }
    }

    #[test]
    fn packed_sub_byte_swizzles_in_bytes() {
        // Sw<3,4,3> over packed 4-bit elements (32 a 16-byte unit) is
        // Sw<3,3,3> over bytes: element e lives in byte e / 2, and the
        // element swizzle moves e exactly as the byte swizzle moves e / 2.
        let s = Swizzle::new(3, 4, 3).unwrap();
        let bytes = s.in_sub_bytes(4).unwrap();
        assert_eq!(bytes, Swizzle::new(3, 3, 3).unwrap());
        for e in 0..4096i64 {
            assert_eq!(s.apply(e).unwrap() / 2, bytes.apply(e / 2).unwrap());
        }
        // A swizzle that moves single nibbles has no byte form.
        assert!(Swizzle::new(2, 0, 3).unwrap().in_sub_bytes(4).is_err());
        assert!(s.in_sub_bytes(6).is_err());
    }

    #[test]
    fn rejects_bad_parameters() {
        assert!(Swizzle::new(3, 4, 2).is_err());
        assert!(Swizzle::new(3, 60, 3).is_err());
        assert!(Swizzle::new(2, 0, -2).is_ok());
        assert!(Swizzle::new(0, 0, 0).unwrap().apply(-1).is_err());
    }
}
