//! Parser for CuTe notation.
//!
//! Grammar (whitespace is allowed between all tokens):
//! ```text
//! int_tuple := leaf | "(" [ int_tuple { "," int_tuple } ] ")"
//! leaf      := int | basis | dyn | "_"
//! int       := [ "-" ] digit { digit }
//! basis     := int [ "/" int ] "@" uint { "@" uint }        (scaled basis, stride leaves)
//! dyn       := "?" [ "{" dynattr { "," dynattr } "}" ]      dynattr := "div=" uint | "max=" uint | "i64"
//! layout    := int_tuple ":" int_tuple | "<" layout { "," layout } ">"
//! swizzle   := ("S" | "Sw") "<" int "," int "," int ">"
//! composed  := swizzle "o" int "o" layout
//! tiler     := "[" elem { ";" elem } "]"     elem := tiler | "_" | layout | int_tuple
//! ```
//! Every error is a [`ParseError`] with the byte position. Nesting deeper than
//! [`MAX_DEPTH`] is an error (never a stack overflow) and integer literals are
//! range-checked.

use super::error::ParseError;
use super::swizzle::{ComposedLayout, Swizzle};
use super::tuple::{DynInt, IntTuple, Layout, Leaf, ScaledBasis, Tiler};

/// Maximum nesting of parentheses/brackets accepted by the parsers.
pub const MAX_DEPTH: usize = 64;

pub(crate) struct Cursor<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pub(crate) pos: usize,
    depth: usize,
}

type PResult<T> = Result<T, ParseError>;

impl<'a> Cursor<'a> {
    pub(crate) fn new(text: &'a str) -> Self {
        Cursor {
            text,
            bytes: text.as_bytes(),
            pos: 0,
            depth: 0,
        }
    }

    pub(crate) fn skip_ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.bytes.get(self.pos) {
            self.pos += 1;
        }
    }

    /// Next non-blank byte (blanks are consumed).
    pub(crate) fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.bytes.get(self.pos).copied()
    }

    pub(crate) fn err<T>(&self, msg: impl Into<String>) -> PResult<T> {
        Err(ParseError::new(self.pos, msg))
    }

    fn describe_here(&self) -> String {
        match self.text[self.pos..].chars().next() {
            None => "end of input".to_string(),
            Some(c) => format!("'{c}'"),
        }
    }

    pub(crate) fn expect(&mut self, c: u8, what: &str) -> PResult<()> {
        if self.peek() == Some(c) {
            self.pos += 1;
            Ok(())
        } else {
            let here = self.describe_here();
            self.err(format!("expected {what}, found {here}"))
        }
    }

    pub(crate) fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    pub(crate) fn finish(&mut self) -> PResult<()> {
        if self.peek().is_some() {
            let here = self.describe_here();
            self.err(format!("unexpected trailing text starting at {here}"))
        } else {
            Ok(())
        }
    }

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.err(format!("nesting deeper than {MAX_DEPTH} levels"));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// Unsigned decimal digits, range checked.
    fn digits(&mut self, what: &str) -> PResult<u64> {
        self.skip_ws();
        let start = self.pos;
        let mut v: u64 = 0;
        while let Some(&b) = self.bytes.get(self.pos) {
            if !b.is_ascii_digit() {
                break;
            }
            v = v
                .checked_mul(10)
                .and_then(|v| v.checked_add((b - b'0') as u64))
                .ok_or_else(|| ParseError::new(start, format!("{what} is out of range")))?;
            self.pos += 1;
        }
        if self.pos == start {
            let here = self.describe_here();
            return self.err(format!("expected {what}, found {here}"));
        }
        Ok(v)
    }

    /// A signed 64-bit integer literal.
    pub(crate) fn int(&mut self, what: &str) -> PResult<i64> {
        self.skip_ws();
        let start = self.pos;
        let neg = self.bytes.get(self.pos) == Some(&b'-');
        if neg {
            self.pos += 1;
        }
        let mag = self.digits(what)?;
        let v = if neg {
            if mag == 1u64 << 63 {
                i64::MIN
            } else {
                i64::try_from(mag)
                    .map(|m| -m)
                    .map_err(|_| ParseError::new(start, format!("{what} is out of range")))?
            }
        } else {
            i64::try_from(mag)
                .map_err(|_| ParseError::new(start, format!("{what} is out of range")))?
        };
        Ok(v)
    }

    fn small_uint(&mut self, what: &str, max: u64) -> PResult<u64> {
        self.skip_ws();
        let start = self.pos;
        let v = self.digits(what)?;
        if v > max {
            return Err(ParseError::new(start, format!("{what} {v} exceeds {max}")));
        }
        Ok(v)
    }

    fn leaf(&mut self) -> PResult<Leaf> {
        match self.peek() {
            Some(b'_') => {
                self.pos += 1;
                Ok(Leaf::Underscore)
            }
            Some(b'?') => {
                let start = self.pos;
                self.pos += 1;
                let d = self.dyn_attrs()?;
                if self.peek() != Some(b'@') {
                    return Ok(Leaf::Dyn(d));
                }
                // `?@dim...`: a basis with a run-time coefficient.
                let mut dims = Vec::new();
                while self.peek() == Some(b'@') {
                    self.pos += 1;
                    dims.push(self.small_uint("basis dimension", u32::MAX as u64)? as u32);
                }
                ScaledBasis::run_time(d, dims).map(|b| Leaf::Basis(Box::new(b))).map_err(|m| ParseError::new(start, m))
            }
            Some(b'-' | b'0'..=b'9') => {
                let start = self.pos;
                let num = self.int("integer")?;
                // Look ahead without skipping into a following token's blanks
                // semantics: `4 @ 1` is still a basis, as in spec 001.
                match self.peek() {
                    Some(b'/') | Some(b'@') => self
                        .basis_rest(start, num)
                        .map(|b| Leaf::Basis(Box::new(b))),
                    _ => Ok(Leaf::Int(num)),
                }
            }
            _ => {
                let here = self.describe_here();
                self.err(format!(
                    "expected an integer, '?', '_' or '(', found {here}"
                ))
            }
        }
    }

    /// After `num`: `[/den] @dim {@dim}`.
    pub(crate) fn basis_rest(&mut self, start: usize, num: i64) -> PResult<ScaledBasis> {
        let mut den = 1;
        if self.eat(b'/') {
            let den_pos = self.pos;
            den = self.int("denominator")?;
            if den == 0 {
                return Err(ParseError::new(den_pos, "zero denominator in basis count"));
            }
        }
        let mut dims = Vec::new();
        while self.peek() == Some(b'@') {
            self.pos += 1;
            dims.push(self.small_uint("basis dimension", u32::MAX as u64)? as u32);
        }
        if dims.is_empty() {
            return self.err("expected '@' after a fractional basis count");
        }
        ScaledBasis::new(num, den, dims).map_err(|m| ParseError::new(start, m))
    }

    /// `name=N` of a dynamic leaf's attributes, N positive, at most once.
    fn positive_attr(&mut self, name: &str, seen: &mut bool, what: &str, zero: &str) -> PResult<u64> {
        if *seen {
            return self.err(format!("duplicate '{name}' attribute"));
        }
        *seen = true;
        self.pos += name.len();
        self.expect(b'=', &format!("'=' after '{name}'"))?;
        let at = self.pos;
        let v = self.digits(what)?;
        if v == 0 {
            return Err(ParseError::new(at, zero));
        }
        Ok(v)
    }

    /// Optional `{div=N,max=N,i64}` after `?`.
    fn dyn_attrs(&mut self) -> PResult<DynInt> {
        let mut d = DynInt::UNKNOWN;
        // Attributes must follow `?` immediately, so that `?` followed by a
        // brace in other contexts cannot be misread.
        if self.bytes.get(self.pos) != Some(&b'{') {
            return Ok(d);
        }
        self.pos += 1;
        let (mut seen_div, mut seen_wide, mut seen_max) = (false, false, false);
        loop {
            self.skip_ws();
            let rest = &self.text[self.pos..];
            if rest.starts_with("div") {
                d.divisibility = self.positive_attr("div", &mut seen_div, "divisibility", "divisibility must be positive")?;
            } else if rest.starts_with("max") {
                d.max = self.positive_attr("max", &mut seen_max, "bound", "a bound must be positive")?;
            } else if rest.starts_with("i64") {
                if seen_wide {
                    return self.err("duplicate 'i64' attribute");
                }
                seen_wide = true;
                self.pos += 3;
                d.wide = true;
            } else {
                let here = self.describe_here();
                return self.err(format!(
                    "expected 'div=N', 'max=N' or 'i64' in dynamic attributes, found {here}"
                ));
            }
            if self.eat(b'}') {
                if !d.wide && d.max > i32::MAX as u64 {
                    return self.err(format!("a bound of {} needs an i64 leaf ('?{{max={},i64}}')", d.max, d.max));
                }
                return Ok(d);
            }
            self.expect(b',', "',' or '}' in dynamic attributes")?;
        }
    }

    pub(crate) fn int_tuple(&mut self) -> PResult<IntTuple> {
        if self.peek() != Some(b'(') {
            return self.leaf().map(IntTuple::Leaf);
        }
        self.enter()?;
        self.pos += 1;
        let mut items = Vec::new();
        if self.eat(b')') {
            self.leave();
            return Ok(IntTuple::Tuple(items));
        }
        loop {
            items.push(self.int_tuple()?);
            if self.eat(b')') {
                break;
            }
            self.expect(b',', "',' or ')' in tuple")?;
        }
        self.leave();
        Ok(IntTuple::Tuple(items))
    }

    /// `S:D` or the per-mode form `<m0, m1, ...>`.
    pub(crate) fn layout(&mut self) -> PResult<Layout> {
        if self.peek() == Some(b'<') {
            return self.per_mode_layout();
        }
        let start = self.pos;
        let shape = self.int_tuple()?;
        self.expect(b':', "':' between shape and stride")?;
        self.layout_after_shape(start, shape)
    }

    /// After `shape :`.
    pub(crate) fn layout_after_shape(&mut self, start: usize, shape: IntTuple) -> PResult<Layout> {
        let stride_pos = self.peek().map(|_| self.pos).unwrap_or(self.pos);
        let stride = self.int_tuple()?;
        if !shape.congruent(&stride) {
            return Err(ParseError::new(
                stride_pos,
                format!("stride {stride} is not congruent with shape {shape}"),
            ));
        }
        Layout::new(shape, stride).map_err(|e| ParseError::new(start, e.into_condition()))
    }

    fn per_mode_layout(&mut self) -> PResult<Layout> {
        self.enter()?;
        self.pos += 1; // '<'
        let mut modes = Vec::new();
        loop {
            modes.push(self.layout()?);
            if self.eat(b'>') {
                break;
            }
            self.expect(b',', "',' or '>' in per-mode layout")?;
        }
        self.leave();
        // A single mode `<S:D>` is the layout S:D itself: spec 001 writes 1-D
        // layouts `<8 : 2>` and `!cute.layout<<((2,4),4):((1,16),8)>>`.
        if modes.len() == 1 {
            return Ok(modes.pop().expect("one mode"));
        }
        Ok(Layout::from_modes(modes))
    }

    /// `S<B,M,S>` or `Sw<B,M,S>`.
    pub(crate) fn swizzle(&mut self) -> PResult<Swizzle> {
        self.skip_ws();
        let start = self.pos;
        let rest = &self.text[self.pos..];
        if rest.starts_with("Sw") {
            self.pos += 2;
        } else if rest.starts_with('S') {
            self.pos += 1;
        } else {
            let here = self.describe_here();
            return self.err(format!("expected 'Sw<' or 'S<', found {here}"));
        }
        self.expect(b'<', "'<' after swizzle name")?;
        let b = self.small_uint("swizzle bits", 62)? as u32;
        self.expect(b',', "',' in swizzle parameters")?;
        let m = self.small_uint("swizzle base", 62)? as u32;
        self.expect(b',', "',' in swizzle parameters")?;
        self.skip_ws();
        let spos = self.pos;
        let s = self.int("swizzle shift")?;
        if !(-62..=62).contains(&s) {
            return Err(ParseError::new(
                spos,
                format!("swizzle shift {s} out of range"),
            ));
        }
        self.expect(b'>', "'>' after swizzle parameters")?;
        Swizzle::new(b, m, s as i32).map_err(|m| ParseError::new(start, m))
    }

    /// After the swizzle: `o offset o layout`.
    pub(crate) fn composed_after_swizzle(&mut self, swizzle: Swizzle) -> PResult<ComposedLayout> {
        self.expect(b'o', "'o' after the swizzle")?;
        let offset = self.int("offset")?;
        self.expect(b'o', "'o' after the offset")?;
        let layout = self.layout()?;
        Ok(ComposedLayout {
            swizzle,
            offset,
            layout,
        })
    }

    /// `[e0;e1;...]`.
    pub(crate) fn tiler(&mut self) -> PResult<Tiler> {
        self.enter()?;
        self.expect(b'[', "'[' to open a tiler")?;
        let mut items = Vec::new();
        loop {
            items.push(self.tiler_elem()?);
            if self.eat(b']') {
                break;
            }
            self.expect(b';', "';' or ']' in tiler")?;
        }
        self.leave();
        Ok(Tiler::ByMode(items))
    }

    fn tiler_elem(&mut self) -> PResult<Tiler> {
        match self.peek() {
            Some(b'[') => self.tiler(),
            Some(b'<') => self.layout().map(Tiler::Layout),
            _ => {
                let start = self.pos;
                let t = self.int_tuple()?;
                if self.eat(b':') {
                    return self.layout_after_shape(start, t).map(Tiler::Layout);
                }
                match t {
                    IntTuple::Leaf(Leaf::Underscore) => Ok(Tiler::Underscore),
                    t if t.is_static() => Ok(Tiler::Shape(t)),
                    t => Err(ParseError::new(
                        start,
                        format!("tiler element {t} must be static"),
                    )),
                }
            }
        }
    }
}

fn whole<T>(text: &str, f: impl FnOnce(&mut Cursor) -> PResult<T>) -> PResult<T> {
    let mut c = Cursor::new(text);
    let v = f(&mut c)?;
    c.finish()?;
    Ok(v)
}

/// Parses an int-tuple such as `((2,4),?{div=8},_)`.
pub fn parse_int_tuple(text: &str) -> Result<IntTuple, ParseError> {
    whole(text, |c| c.int_tuple())
}

/// Parses a layout, `((2,4),4):((1,16),8)` or `<8:1, 4:8>`.
pub fn parse_layout(text: &str) -> Result<Layout, ParseError> {
    whole(text, |c| c.layout())
}

/// Parses `Sw<3,4,3>` or `S<3,4,3>`.
pub fn parse_swizzle(text: &str) -> Result<Swizzle, ParseError> {
    whole(text, |c| c.swizzle())
}

/// Parses `Sw<3,4,3> o 0 o (8,8):(8,1)`.
pub fn parse_composed_layout(text: &str) -> Result<ComposedLayout, ParseError> {
    whole(text, |c| {
        let s = c.swizzle()?;
        c.composed_after_swizzle(s)
    })
}

/// Parses NVIDIA's composed-layout notation: `S<B,M,S> o O o L` or
/// `L_inner o O o L`, the offset an int-tuple (`2`, `?`, `(0,0)`).
pub fn parse_general_composed(text: &str) -> Result<super::swizzle::GeneralComposed, ParseError> {
    use super::swizzle::{ComposedInner, GeneralComposed};
    whole(text, |c| {
        c.skip_ws();
        let inner = if c.text[c.pos..].starts_with('S') { ComposedInner::Swizzle(c.swizzle()?) } else { ComposedInner::Layout(c.layout()?) };
        c.expect(b'o', "'o' after the inner part")?;
        let offset = c.int_tuple()?;
        c.expect(b'o', "'o' after the offset")?;
        let layout = c.layout()?;
        Ok(GeneralComposed { inner, offset, layout })
    })
}

/// Parses a by-mode tiler `[2:1;_;4:2]`.
pub fn parse_tiler(text: &str) -> Result<Tiler, ParseError> {
    whole(text, |c| c.tiler())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rt_layout(s: &str, canonical: &str) {
        let l = parse_layout(s).unwrap_or_else(|e| panic!("{s}: {e}"));
        assert_eq!(l.to_string(), canonical);
        assert_eq!(parse_layout(&l.to_string()).unwrap(), l);
    }

    #[test]
    fn layouts_round_trip() {
        rt_layout("((2,4),4):((1,16),8)", "((2,4),4):((1,16),8)");
        rt_layout(" ( 2 , 4 ) : ( 1 , 2 ) ", "(2,4):(1,2)");
        rt_layout("(4):(1)", "(4):(1)");
        rt_layout("4:1", "4:1");
        rt_layout("<8:1, 4:8>", "(8,4):(1,8)");
        rt_layout("<(2,2):(1,4), 8:2>", "((2,2),8):((1,4),2)");
        rt_layout("(?,4):(1,?)", "(?,4):(1,?)");
        rt_layout("?{div=8}:1", "?{div=8}:1");
        rt_layout("?{ i64 , div=16 }:?{i64}", "?{div=16,i64}:?{i64}");
        rt_layout("?{max=1024}:?{i64,max=4294967296,div=8}", "?{max=1024}:?{div=8,max=4294967296,i64}");
        rt_layout("(4,8):(1@0,1@1)", "(4,8):(1@0,1@1)");
        rt_layout("(4,8):(2/4@0,1@0@1)", "(4,8):(1/2@0,1@0@1)");
        rt_layout("():()", "():()");
        rt_layout("-0:-5", "0:-5");
    }

    #[test]
    fn any_leaf_looks_at_every_depth() {
        let basis = |l: &Leaf| matches!(l, Leaf::Basis(_));
        let t = |s: &str| parse_int_tuple(s).unwrap();
        assert!(t("(1,(2,(3,4@1)))").any_leaf(&basis));
        assert!(t("2@0").any_leaf(&basis));
        assert!(!t("(1,(2,(3,?)))").any_leaf(&basis));
        assert!(!t("()").any_leaf(&basis));
    }

    #[test]
    fn rank1_tuple_distinct_from_leaf() {
        assert_ne!(
            parse_layout("(4):(1)").unwrap(),
            parse_layout("4:1").unwrap()
        );
        assert_eq!(parse_int_tuple("(4)").unwrap().rank(), 1);
        assert_eq!(parse_int_tuple("(4)").unwrap().depth(), 1);
    }

    #[test]
    fn int_tuples() {
        assert_eq!(
            parse_int_tuple("(_,1,(2,?))").unwrap().to_string(),
            "(_,1,(2,?))"
        );
        assert_eq!(
            parse_int_tuple("-9223372036854775808").unwrap(),
            IntTuple::int(i64::MIN)
        );
        // Integers print digit by digit (tuple.rs `write_int`): the
        // extremes, zero, signs, and every leaf kind beside them.
        for text in ["-9223372036854775808", "9223372036854775807", "0", "-1", "(10,-200,(3000,_))", "(1@0,?{div=16},-7)"] {
            assert_eq!(parse_int_tuple(text).unwrap().to_string(), text);
        }
        assert_eq!(parse_layout("((2,16),4):((-1,10),0)").unwrap().to_string(), "((2,16),4):((-1,10),0)");
    }

    fn perr(r: Result<impl std::fmt::Debug, ParseError>) -> String {
        r.expect_err("expected a parse error").to_string()
    }

    #[test]
    fn parse_error_paths() {
        assert_eq!(
            perr(parse_layout("(2,4:(1,2)")),
            "at column 5: expected ',' or ')' in tuple, found ':'"
        );
        assert_eq!(
            perr(parse_layout("(2,4)")),
            "at column 6: expected ':' between shape and stride, found end of input"
        );
        assert_eq!(
            perr(parse_layout("(2,4):(1,2,3)")),
            "at column 7: stride (1,2,3) is not congruent with shape (2,4)"
        );
        assert_eq!(
            perr(parse_layout("(2,4):(1,2) x")),
            "at column 13: unexpected trailing text starting at 'x'"
        );
        assert_eq!(
            perr(parse_layout("(2,x):(1,2)")),
            "at column 4: expected an integer, '?', '_' or '(', found 'x'"
        );
        assert_eq!(
            perr(parse_layout("-4:1")),
            "at column 1: shape leaf -4 is negative"
        );
        assert_eq!(
            perr(parse_layout("_:1")),
            "at column 1: shape leaf `_` must be an integer or `?`"
        );
        assert_eq!(
            perr(parse_layout("4:_")),
            "at column 1: stride leaf `_` is not allowed"
        );
        assert_eq!(
            perr(parse_layout("1@0:1")),
            "at column 1: shape leaf `1@0` must be an integer or `?`"
        );
        assert_eq!(
            perr(parse_int_tuple("99999999999999999999")),
            "at column 1: integer is out of range"
        );
        assert_eq!(
            perr(parse_int_tuple("9223372036854775808")),
            "at column 1: integer is out of range"
        );
        assert_eq!(
            perr(parse_int_tuple("1/0@1")),
            "at column 3: zero denominator in basis count"
        );
        assert_eq!(
            perr(parse_int_tuple("1/2")),
            "at column 4: expected '@' after a fractional basis count"
        );
        assert_eq!(
            perr(parse_int_tuple("1@")),
            "at column 3: expected basis dimension, found end of input"
        );
        assert_eq!(
            perr(parse_int_tuple("1@99999999999")),
            "at column 3: basis dimension 99999999999 exceeds 4294967295"
        );
        assert_eq!(
            perr(parse_int_tuple("?{div=0}")),
            "at column 7: divisibility must be positive"
        );
        assert_eq!(
            perr(parse_int_tuple("?{max=2,max=4}")),
            "at column 9: duplicate 'max' attribute"
        );
        assert_eq!(perr(parse_int_tuple("?{max=0}")), "at column 7: a bound must be positive");
        assert_eq!(
            perr(parse_int_tuple("?{max=4294967296}")),
            "at column 18: a bound of 4294967296 needs an i64 leaf ('?{max=4294967296,i64}')"
        );
        assert_eq!(
            perr(parse_int_tuple("?{div=2,div=4}")),
            "at column 9: duplicate 'div' attribute"
        );
        assert_eq!(
            perr(parse_int_tuple("?{i64,i64}")),
            "at column 7: duplicate 'i64' attribute"
        );
        assert_eq!(
            perr(parse_int_tuple("?{x}")),
            "at column 3: expected 'div=N', 'max=N' or 'i64' in dynamic attributes, found 'x'"
        );
        assert_eq!(
            perr(parse_int_tuple("?{i64")),
            "at column 6: expected ',' or '}' in dynamic attributes, found end of input"
        );
        assert_eq!(
            perr(parse_int_tuple("?{div 4}")),
            "at column 7: expected '=' after 'div', found '4'"
        );
        assert_eq!(
            perr(parse_int_tuple("")),
            "at column 1: expected an integer, '?', '_' or '(', found end of input"
        );
        assert_eq!(
            perr(parse_layout("<8:1 4:8>")),
            "at column 6: expected ',' or '>' in per-mode layout, found '4'"
        );
        assert_eq!(
            perr(parse_swizzle("Q<1,2,3>")),
            "at column 1: expected 'Sw<' or 'S<', found 'Q'"
        );
        assert_eq!(
            perr(parse_swizzle("Sw<3,4>")),
            "at column 7: expected ',' in swizzle parameters, found '>'"
        );
        assert_eq!(
            perr(parse_swizzle("Sw<3,4,2>")),
            "at column 1: |shift| = 2 must be >= bits = 3"
        );
        assert_eq!(
            perr(parse_swizzle("Sw<63,4,3>")),
            "at column 4: swizzle bits 63 exceeds 62"
        );
        assert_eq!(
            perr(parse_swizzle("Sw<3,4,99>")),
            "at column 8: swizzle shift 99 out of range"
        );
        assert_eq!(
            perr(parse_swizzle("Sw 3")),
            "at column 4: expected '<' after swizzle name, found '3'"
        );
        assert_eq!(
            perr(parse_composed_layout("Sw<3,4,3> 0 o 8:1")),
            "at column 11: expected 'o' after the swizzle, found '0'"
        );
        assert_eq!(
            perr(parse_composed_layout("Sw<3,4,3> o 0 8:1")),
            "at column 15: expected 'o' after the offset, found '8'"
        );
        assert_eq!(
            perr(parse_tiler("2:1;_]")),
            "at column 1: expected '[' to open a tiler, found '2'"
        );
        assert_eq!(
            perr(parse_tiler("[2:1,_]")),
            "at column 5: expected ';' or ']' in tiler, found ','"
        );
        assert_eq!(
            perr(parse_tiler("[?]")),
            "at column 2: tiler element ? must be static"
        );
    }

    #[test]
    fn depth_limit_is_an_error() {
        let deep = format!("{}1{}", "(".repeat(100_000), ")".repeat(100_000));
        assert_eq!(
            perr(parse_int_tuple(&deep)),
            format!(
                "at column {}: nesting deeper than {MAX_DEPTH} levels",
                MAX_DEPTH + 1
            )
        );
        let ok = format!("{}1{}", "(".repeat(MAX_DEPTH), ")".repeat(MAX_DEPTH));
        assert!(parse_int_tuple(&ok).is_ok());
        let deep_tiler = format!("{}_{}", "[".repeat(1000), "]".repeat(1000));
        assert!(parse_tiler(&deep_tiler).is_err());
    }

    #[test]
    fn swizzles_and_composed() {
        assert_eq!(parse_swizzle("Sw<3,4,3>").unwrap().to_string(), "S<3,4,3>");
        let c = parse_composed_layout("Sw<3,4,3> o 0 o (8,8):(8,1)").unwrap();
        assert_eq!(c.to_string(), "S<3,4,3> o 0 o (8,8):(8,1)");
        assert_eq!(parse_composed_layout(&c.to_string()).unwrap(), c);
        assert_eq!(
            parse_composed_layout("S<2,0,-2>o-4o4:1")
                .unwrap()
                .to_string(),
            "S<2,0,-2> o -4 o 4:1"
        );
    }

    #[test]
    fn tilers() {
        for (s, c) in [
            ("[2:1;_;4:2]", "[2:1;_;4:2]"),
            ("[ 2 ; _ ]", "[2;_]"),
            ("[(4,2):(2,1)]", "[(4,2):(2,1)]"),
            ("[[2:1;_];<4:1>]", "[[2:1;_];4:1]"),
            ("[<2:1,4:2>]", "[(2,4):(1,2)]"),
            ("[(2,4)]", "[(2,4)]"),
        ] {
            let t = parse_tiler(s).unwrap();
            assert_eq!(t.to_string(), c);
            assert_eq!(parse_tiler(&t.to_string()).unwrap(), t);
        }
    }
}
