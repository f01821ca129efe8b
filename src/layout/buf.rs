//! A small-vector for the flattened mode lists of the algorithms.
//!
//! Almost every layout has at most a handful of leaves, and the algebra is
//! dominated by allocation when scratch lists live on the heap. `Buf` keeps up
//! to `N` elements inline and spills to a `Vec` beyond that (no `unsafe`, no
//! dependency).

use std::ops::{Deref, DerefMut};

#[derive(Clone, Debug)]
pub(crate) struct Buf<T: Copy + Default, const N: usize> {
    inline: [T; N],
    len: usize,
    /// Holds every element once more than `N` were pushed (never allocated
    /// before that).
    heap: Vec<T>,
}

impl<T: Copy + Default, const N: usize> Buf<T, N> {
    #[inline]
    pub fn new() -> Self {
        Buf {
            inline: [T::default(); N],
            len: 0,
            heap: Vec::new(),
        }
    }

    #[inline]
    fn spilled(&self) -> bool {
        self.len > N
    }

    #[inline]
    pub fn push(&mut self, v: T) {
        if self.len < N {
            self.inline[self.len] = v;
        } else {
            self.spill_push(v);
        }
        self.len += 1;
    }

    #[cold]
    #[inline(never)]
    fn spill_push(&mut self, v: T) {
        if self.len == N {
            self.heap.reserve(2 * N);
            self.heap.extend_from_slice(&self.inline);
        }
        self.heap.push(v);
    }

    #[inline]
    pub fn pop(&mut self) -> Option<T> {
        if self.len == 0 {
            return None;
        }
        let v = self[self.len - 1];
        if self.spilled() {
            self.heap.pop();
            if self.len - 1 == N {
                self.inline.copy_from_slice(&self.heap);
                self.heap.clear();
            }
        }
        self.len -= 1;
        Some(v)
    }

}

impl<T: Copy + Default, const N: usize> Default for Buf<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Copy + Default, const N: usize> Deref for Buf<T, N> {
    type Target = [T];
    #[inline]
    fn deref(&self) -> &[T] {
        if self.spilled() {
            &self.heap
        } else {
            &self.inline[..self.len]
        }
    }
}

impl<T: Copy + Default, const N: usize> DerefMut for Buf<T, N> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        if self.spilled() {
            &mut self.heap
        } else {
            &mut self.inline[..self.len]
        }
    }
}

impl<T: Copy + Default, const N: usize> FromIterator<T> for Buf<T, N> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut b = Self::new();
        iter.into_iter().for_each(|v| b.push(v));
        b
    }
}

#[cfg(test)]
mod tests {
    use super::Buf;

    #[test]
    fn spills_to_heap() {
        let mut b: Buf<i64, 2> = Buf::new();
        for i in 0..5 {
            b.push(i);
        }
        assert_eq!(&*b, &[0, 1, 2, 3, 4]);
        assert_eq!(b.pop(), Some(4));
        assert_eq!(b.pop(), Some(3));
        assert_eq!(b.pop(), Some(2));
        assert_eq!(&*b, &[0, 1]);
        b.push(7);
        b.push(8);
        assert_eq!(&*b, &[0, 1, 7, 8]);
        let mut c: Buf<i64, 4> = (0..3).collect();
        c[1] = 9;
        assert_eq!(&*c, &[0, 9, 2]);
        assert_eq!(c.pop(), Some(2));
    }
}
