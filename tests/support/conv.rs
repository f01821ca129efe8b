//! The host reference of `examples/conv_fprop_sm90.mlir`, shared by the
//! emulator's result test and its fault-injection test.

use cute_emu::launch::Outcome;

/// The problem of `examples/launch/conv_fprop_sm90.launch.json`: X is
/// N x H x W x C (NHWC), W is K x 3 x 3 x C (KRSC), Y is (N*H*W) x K; a 3x3
/// filter, stride 1, padding 1.
pub struct Conv {
    pub n: usize,
    pub h: usize,
    pub w: usize,
    pub c: usize,
    pub k: usize,
}

pub const LAUNCH: Conv = Conv { n: 4, h: 8, w: 12, c: 64, k: 256 };

impl Conv {
    /// How many of the outputs (output pixel < `pixels`, filter < `filters`)
    /// differ from the host convolution, printing the first.
    pub fn mismatches(&self, o: &Outcome, pixels: usize, filters: usize) -> usize {
        let get = |name: &str| o.buffers.iter().find(|b| b.name == name).unwrap();
        let (x, f, y) = (get("X"), get("W"), get("Y"));
        let mut wrong = 0;
        for m in 0..pixels {
            let (img, p, q) = (m / (self.h * self.w), m / self.w % self.h, m % self.w);
            for kk in 0..filters {
                let mut want = 0.0;
                for r in 0..3 {
                    for s in 0..3 {
                        let (ih, iw) = ((p + r) as i64 - 1, (q + s) as i64 - 1);
                        if ih < 0 || iw < 0 || ih >= self.h as i64 || iw >= self.w as i64 {
                            continue; // the padding
                        }
                        let pixel = (img * self.h + ih as usize) * self.w + iw as usize;
                        want += (0..self.c).map(|cc| x.get(pixel * self.c + cc) * f.get(kk * 9 * self.c + (r * 3 + s) * self.c + cc)).sum::<f64>();
                    }
                }
                let got = y.get(m * self.k + kk);
                if got != want {
                    if wrong == 0 {
                        eprintln!("first difference: Y[{img}][{p}][{q}][{kk}] = {got}, want {want}");
                    }
                    wrong += 1;
                }
            }
        }
        wrong
    }
}
