//! Feeds arbitrary text to every parser and, as the argument list, to every
//! operation of the evaluator. Nothing may panic, overflow or recurse without
//! bound; everything that parses must print back to itself.
#![no_main]

#[allow(dead_code)]
#[path = "../../src/layout/mod.rs"]
mod layout;
#[allow(dead_code, unused_imports)]
#[path = "../../src/tooling/mod.rs"]
mod tooling;

use libfuzzer_sys::fuzz_target;

use tooling::eval::{self, Op, Value};

fn check_value_round_trip(v: &Value) {
    match v {
        Value::Table(_) | Value::Bool(_) => {}
        other => {
            let text = other.to_string();
            let back = eval::parse_value(&text).unwrap_or_else(|e| panic!("`{text}` does not parse back: {e}"));
            assert_eq!(&back, other, "`{text}` round trip");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if text.len() > 4096 {
        return;
    }
    if let Ok(t) = layout::parse_int_tuple(text) {
        assert_eq!(layout::parse_int_tuple(&t.to_string()).as_ref(), Ok(&t));
    }
    if let Ok(l) = layout::parse_layout(text) {
        assert_eq!(layout::parse_layout(&l.to_string()).as_ref(), Ok(&l));
    }
    if let Ok(s) = layout::parse_swizzle(text) {
        assert_eq!(layout::parse_swizzle(&s.to_string()), Ok(s));
    }
    if let Ok(c) = layout::parse_composed_layout(text) {
        assert_eq!(layout::parse_composed_layout(&c.to_string()).as_ref(), Ok(&c));
    }
    if let Ok(t) = layout::parse_tiler(text) {
        assert_eq!(layout::parse_tiler(&t.to_string()).as_ref(), Ok(&t));
    }
    if let Ok(d) = layout::parse_descriptor(text) {
        assert_eq!(layout::parse_descriptor(&d.to_string()).as_ref(), Ok(&d));
        let _ = d.require_integral();
    }
    if let Ok(v) = eval::parse_value(text) {
        check_value_round_trip(&v);
    }
    let _ = eval::eval_expr(text);
    for op in Op::ALL {
        if let Ok(v) = eval::eval_expr(&format!("{}({text})", op.name())) {
            check_value_round_trip(&v);
        }
    }
});
