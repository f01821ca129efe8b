//! `shfl.sync`, `vote.sync` and `elect.sync` (PTX ISA 9.7.9.6, 9.7.13.10,
//! 9.7.13.11) in a hand-written one-warp kernel: each lane stores what each
//! instruction gave it, and the test computes the same from the ISA's
//! definitions. With `CUTE_EXPORT_LAUNCHES=DIR` the launch is also written
//! there, for `scripts/compare_gpu_emulator.sh` to run on a GPU.

use cute_emu::launch::{self, Arg, Dtype, Init, Launch};
use cute_emu::machine::HazardKind;

/// Words each lane stores.
const WORDS: usize = 13;

/// Lane l holds a = 7 l + 100 and the predicate l < 20.
fn kernel(body: &str) -> String {
    format!(
        ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 out)\n{{\n\
         .reg .b32 %r<40>;\n.reg .b64 %rd<8>;\n.reg .pred %p<8>;\n\
         ld.param.u64 %rd1, [out];\nmov.u32 %r1, %laneid;\nmad.lo.s32 %r2, %r1, 7, 100;\n\
         setp.lt.u32 %p7, %r1, 20;\nmul.wide.u32 %rd2, %r1, {};\nadd.s64 %rd3, %rd1, %rd2;\n{body}ret;\n}}\n",
        4 * WORDS
    )
}

const EXCHANGES: &str = "\
shfl.sync.up.b32 %r3|%p1, %r2, 3, 0, -1;\nselp.u32 %r4, 1, 0, %p1;\n\
shfl.sync.down.b32 %r5|%p2, %r2, 5, 31, -1;\nselp.u32 %r6, 1, 0, %p2;\n\
shfl.sync.bfly.b32 %r7, %r2, 6, 31, 0xffffffff;\n\
shfl.sync.idx.b32 %r8|%p3, %r2, 9, 0x1807, -1;\nselp.u32 %r9, 1, 0, %p3;\n\
vote.sync.ballot.b32 %r10, %p7, -1;\n\
vote.sync.any.pred %p4, !%p7, -1;\nselp.u32 %r11, 1, 0, %p4;\n\
vote.sync.all.pred %p5, %p7, -1;\nselp.u32 %r12, 1, 0, %p5;\n\
vote.sync.uni.pred %p6, %p7, -1;\nselp.u32 %r13, 1, 0, %p6;\n\
elect.sync %r14|%p1, -1;\nselp.u32 %r15, 1, 0, %p1;\n\
st.global.u32 [%rd3], %r3;\nst.global.u32 [%rd3+4], %r4;\nst.global.u32 [%rd3+8], %r5;\nst.global.u32 [%rd3+12], %r6;\n\
st.global.u32 [%rd3+16], %r7;\nst.global.u32 [%rd3+20], %r8;\nst.global.u32 [%rd3+24], %r9;\nst.global.u32 [%rd3+28], %r10;\n\
st.global.u32 [%rd3+32], %r11;\nst.global.u32 [%rd3+36], %r12;\nst.global.u32 [%rd3+40], %r13;\nst.global.u32 [%rd3+44], %r14;\n\
st.global.u32 [%rd3+48], %r15;\n";

fn one_warp() -> Launch {
    let out = Arg::Buffer { name: "out".into(), dtype: Dtype::U32, shape: vec![32 * WORDS], init: Init::Zeros };
    Launch::new("sm_90a", "k", [1, 1, 1], [32, 1, 1], vec![out])
}

#[test]
fn shuffles_votes_and_elections_follow_the_isa() {
    let (l, ptx) = (one_warp(), kernel(EXCHANGES));
    if let Some(dir) = std::env::var_os("CUTE_EXPORT_LAUNCHES") {
        cute_emu::run::export(&l, &ptx, std::path::Path::new(&dir), "warp_exchange_sm90").unwrap();
    }
    let o = launch::execute(&l, &ptx).unwrap();
    assert!(o.report.hazards.is_empty(), "{}", launch::summary(&o));
    let a = |lane: i64| (7 * lane + 100) as f64;
    for lane in 0..32i64 {
        let got: Vec<f64> = (0..WORDS).map(|w| o.buffers[0].get(lane as usize * WORDS + w)).collect();
        // up 3 with clamp 0: from lane - 3 where that is a lane, else its own.
        let up = lane - 3 >= 0;
        // down 5 with clamp 31: from lane + 5 up to lane 31.
        let down = lane + 5 <= 31;
        // idx 9 in segments of 8 lanes (c = 0x1807: segmask 0x18, clamp 7):
        // lane 9 & 7 = 1 of its own segment.
        let idx = (lane & !7) | (9 & 7);
        let want = [
            if up { a(lane - 3) } else { a(lane) },
            f64::from(u8::from(up)),
            if down { a(lane + 5) } else { a(lane) },
            f64::from(u8::from(down)),
            a(lane ^ 6),
            a(idx),
            1.0,
            f64::from((1u32 << 20) - 1),
            1.0, // any(!p): lanes 20..31
            0.0, // all(p)
            0.0, // uni(p)
            0.0, // the leader's lane id
            f64::from(u8::from(lane == 0)),
        ];
        assert_eq!(got, want, "lane {lane}");
    }
}

#[test]
fn a_lane_that_skips_a_shuffle_deadlocks_the_warp() {
    // Lane 0 branches around the shuffle: the others wait for it forever,
    // as a GPU would hang; the emulator says so.
    let body = "setp.eq.u32 %p1, %r1, 0;\n@%p1 bra $SKIP;\nshfl.sync.bfly.b32 %r3, %r2, 1, 31, -1;\n$SKIP:\nst.global.u32 [%rd3], %r3;\n";
    let o = launch::execute(&one_warp(), &kernel(body)).unwrap();
    assert!(o.report.hazards.iter().any(|h| h.kind == HazardKind::Deadlock), "{}", launch::summary(&o));
}

#[test]
fn a_partial_membermask_is_refused_by_name() {
    let body = "shfl.sync.bfly.b32 %r3, %r2, 1, 31, 0xffff;\nst.global.u32 [%rd3], %r3;\n";
    let o = launch::execute(&one_warp(), &kernel(body)).unwrap();
    let h = o.report.hazards.iter().find(|h| h.kind == HazardKind::Unsupported).unwrap_or_else(|| panic!("{}", launch::summary(&o)));
    assert!(h.message.contains("shfl.sync") && h.message.contains("membermask"), "{}", h.message);
}
