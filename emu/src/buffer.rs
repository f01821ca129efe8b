//! The launch's device buffers: their bytes, dense or (issue 35) sparse,
//! made a page at a time when a kernel first touches them.

/// A device buffer of the launch.
#[derive(Debug, Clone)]
pub struct Buffer {
    pub name: String,
    pub base: u64,
    pub data: Bytes,
}

/// Bytes of a sparse buffer are made a page at a time.
pub const PAGE: usize = 1 << 16;

/// A buffer's bytes: all of them, or (a sparse buffer, issue 35) only the
/// pages a kernel touched, each made by `page_of` when first touched. So a
/// launch can give a kernel a 4 GiB operand and run one CTA of its grid.
#[derive(Clone)]
pub enum Bytes {
    Dense(Vec<u8>),
    Sparse { len: usize, pages: std::collections::BTreeMap<usize, Vec<u8>>, page_of: std::sync::Arc<dyn Fn(usize) -> Vec<u8> + Send + Sync> },
}

impl std::fmt::Debug for Bytes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Bytes::Dense(d) => write!(f, "Dense({} bytes)", d.len()),
            Bytes::Sparse { len, pages, .. } => write!(f, "Sparse({len} bytes, {} pages made)", pages.len()),
        }
    }
}

impl Bytes {
    pub fn len(&self) -> usize {
        match self {
            Bytes::Dense(d) => d.len(),
            Bytes::Sparse { len, .. } => *len,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Bytes `at..at + len` (inside the buffer); a sparse buffer makes the
    /// pages they lie in.
    pub fn read(&mut self, at: usize, len: usize) -> Vec<u8> {
        if let Bytes::Sparse { .. } = self {
            for (page, ..) in spans(at, len) {
                self.page(page);
            }
        }
        self.peek(at, len)
    }

    /// Writes `bytes` at `at` (inside the buffer).
    pub fn write(&mut self, at: usize, bytes: &[u8]) {
        match self {
            Bytes::Dense(d) => d[at..at + bytes.len()].copy_from_slice(bytes),
            Bytes::Sparse { .. } => {
                for (page, off, from, take) in spans(at, bytes.len()) {
                    self.page(page)[off..off + take].copy_from_slice(&bytes[from..from + take]);
                }
            }
        }
    }

    fn page(&mut self, page: usize) -> &mut Vec<u8> {
        let Bytes::Sparse { pages, page_of, .. } = self else { unreachable!("a sparse buffer") };
        pages.entry(page).or_insert_with(|| page_of(page))
    }

    /// Bytes `at..at + len` without making pages (a page not made yet is
    /// read as its maker would make it).
    pub fn peek(&self, at: usize, len: usize) -> Vec<u8> {
        match self {
            Bytes::Dense(d) => d[at..at + len].to_vec(),
            Bytes::Sparse { pages, page_of, .. } => {
                let mut out = Vec::with_capacity(len);
                for (page, off, _, take) in spans(at, len) {
                    match pages.get(&page) {
                        Some(p) => out.extend_from_slice(&p[off..off + take]),
                        None => out.extend_from_slice(&page_of(page)[off..off + take]),
                    }
                }
                out
            }
        }
    }

    /// All the bytes: a dense buffer's own, a sparse one made whole (for a
    /// GPU, which needs them).
    pub fn whole(&self) -> std::borrow::Cow<'_, [u8]> {
        match self {
            Bytes::Dense(d) => std::borrow::Cow::Borrowed(d),
            Bytes::Sparse { len, .. } => std::borrow::Cow::Owned(self.peek(0, *len)),
        }
    }
}

/// `at..at + len` cut at page boundaries: (page, offset in the page, offset
/// in the range, length) per piece.
fn spans(at: usize, len: usize) -> impl Iterator<Item = (usize, usize, usize, usize)> {
    let mut done = 0;
    std::iter::from_fn(move || {
        (done < len).then(|| {
            let (page, off) = ((at + done) / PAGE, (at + done) % PAGE);
            let take = (PAGE - off).min(len - done);
            done += take;
            (page, off, done - take, take)
        })
    })
}
