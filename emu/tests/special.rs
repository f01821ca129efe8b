//! The special functions (PTX ISA 9.7.3: `rcp`, `ex2.approx`,
//! `tanh.approx`) in a hand-written one-warp kernel, each lane on its own
//! input, against the ISA's definitions computed here: `rcp.rn` is the
//! correctly rounded reciprocal, `.ftz` flushes subnormals to zero, and the
//! approximations are within their stated errors (2^-22 relative for ex2,
//! 2^-10.987 absolute for tanh).

use cute_emu::launch::{self, Arg, Dtype, Init, Launch};

/// Lane l has x = (l - 15.5) * 0.37 and stores rcp.rn(x), rcp.approx.ftz(x),
/// ex2.approx(x), tanh.approx(x) and rcp.rn and rcp.approx.ftz of the subnormal 2^-127.
const KERNEL: &str = "\
.version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k(.param .u64 out)\n{\n\
.reg .b32 %r<8>;\n.reg .f32 %f<12>;\n.reg .b64 %rd<4>;\n\
ld.param.u64 %rd1, [out];\nmov.u32 %r1, %laneid;\ncvt.rn.f32.u32 %f1, %r1;\n\
sub.f32 %f2, %f1, 0f41780000;\nmul.f32 %f3, %f2, 0f3EBD70A4;\n\
rcp.rn.f32 %f4, %f3;\nrcp.approx.ftz.f32 %f5, %f3;\nex2.approx.f32 %f6, %f3;\ntanh.approx.f32 %f7, %f3;\n\
rcp.rn.f32 %f8, 0f00400000;\nrcp.approx.ftz.f32 %f9, 0f00400000;\n\
mul.wide.u32 %rd2, %r1, 24;\nadd.s64 %rd3, %rd1, %rd2;\n\
st.global.f32 [%rd3], %f4;\nst.global.f32 [%rd3+4], %f5;\nst.global.f32 [%rd3+8], %f6;\n\
st.global.f32 [%rd3+12], %f7;\nst.global.f32 [%rd3+16], %f8;\nst.global.f32 [%rd3+20], %f9;\nret;\n}\n";

#[test]
fn reciprocal_exponential_and_tanh_follow_the_isa() {
    let out = Arg::Buffer { name: "out".into(), dtype: Dtype::F32, shape: vec![32 * 6], init: Init::Zeros };
    let l = Launch::new("sm_80", "k", [1, 1, 1], [32, 1, 1], vec![out]);
    let o = launch::execute(&l, KERNEL).unwrap_or_else(|e| panic!("{e}"));
    assert!(o.report.hazards.is_empty(), "{}", launch::summary(&o));
    let subnormal = f32::from_bits(0x0040_0000); // 2^-127
    for lane in 0..32 {
        let x = (lane as f32 - 15.5) * f32::from_bits(0x3EBD_70A4);
        let got = |w: usize| o.buffers[0].get(lane * 6 + w);
        assert_eq!(got(0), f64::from(1.0 / x), "rcp.rn lane {lane}");
        assert_eq!(got(1), f64::from(1.0 / x), "rcp.approx.ftz lane {lane}");
        let e = f64::from(x).exp2();
        assert!((got(2) - e).abs() <= e * 2f64.powi(-22), "ex2.approx({x}) = {} vs {e}", got(2));
        assert!((got(3) - f64::from(x).tanh()).abs() <= 2f64.powf(-10.987), "tanh.approx({x}) = {}", got(3));
        // 1 / 2^-127 = 2^127 is a normal f32 (rcp.rn); with .ftz the
        // subnormal input is zero first, and 1 / +0 is +inf.
        assert_eq!(got(4), 2f64.powi(127), "rcp.rn of a subnormal");
        assert_eq!(f64::from(1.0 / subnormal), 2f64.powi(127));
        assert_eq!(got(5), f64::INFINITY, "rcp.approx.ftz of a subnormal");
    }
}
