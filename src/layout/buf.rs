//! A small-vector for the flattened mode lists of the algorithms.
//!
//! Almost every layout has at most a handful of leaves, and the algebra is
//! dominated by allocation when scratch lists live on the heap. `Buf` keeps up
//! to `N` elements inline and spills to a `Vec` beyond that (no `unsafe`, no
//! dependency).

use std::ops::{Deref, DerefMut};

#[derive(Clone, Debug)]
pub(crate) enum Buf<T: Copy + Default, const N: usize> {
    Inline([T; N], usize),
    Heap(Vec<T>),
}

impl<T: Copy + Default, const N: usize> Buf<T, N> {
    #[inline]
    pub fn new() -> Self {
        Buf::Inline([T::default(); N], 0)
    }

    #[inline]
    pub fn push(&mut self, v: T) {
        match self {
            Buf::Inline(a, n) if *n < N => {
                a[*n] = v;
                *n += 1;
            }
            Buf::Inline(a, n) => {
                let mut h = Vec::with_capacity(2 * N);
                h.extend_from_slice(&a[..*n]);
                h.push(v);
                *self = Buf::Heap(h);
            }
            Buf::Heap(h) => h.push(v),
        }
    }

    #[inline]
    pub fn pop(&mut self) -> Option<T> {
        match self {
            Buf::Inline(_, 0) => None,
            Buf::Inline(a, n) => {
                *n -= 1;
                Some(a[*n])
            }
            Buf::Heap(h) => h.pop(),
        }
    }

    /// A buffer of `len` default elements.
    pub fn zeroed(len: usize) -> Self {
        let mut b = Self::new();
        (0..len).for_each(|_| b.push(T::default()));
        b
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
        match self {
            Buf::Inline(a, n) => &a[..*n],
            Buf::Heap(h) => h,
        }
    }
}

impl<T: Copy + Default, const N: usize> DerefMut for Buf<T, N> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        match self {
            Buf::Inline(a, n) => &mut a[..*n],
            Buf::Heap(h) => h,
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
        let mut c: Buf<i64, 4> = (0..3).collect();
        c[1] = 9;
        assert_eq!(&*c, &[0, 9, 2]);
        assert_eq!(c.pop(), Some(2));
        assert_eq!(Buf::<i64, 4>::zeroed(3).len(), 3);
    }
}
