// SPDX-License-Identifier: BSD-3-Clause
package mpi;

/**
 * The bounds of a datatype as the mpiJava 1.2 specification defines them, in
 * elements of the base type: what the binding holds the C datatype to.
 *
 * <p>A layout summarises a displacement sequence by what its bounds depend on:
 * its length, its least and greatest displacement, and the least
 * {@code MPI.LB} and greatest {@code MPI.UB} marker that took part in its
 * construction. Every constructor places copies of its old types at offsets;
 * the extremes of a copied sequence are the extremes of the offsets added to
 * those of the old sequence, so the summary of a new type follows from the
 * summaries of its old types and the least and greatest offset of each block.
 *
 * <p>The specification leaves the bounds of a sequence with no entry
 * undefined; they are 0 here, as C MPI has them for an empty type map.
 * Entries of an empty old type contribute nothing to a new type (there are
 * none); C MPI (MPICH 4.0.2, and typeshim after it) lets such a member move
 * the new type's bounds, which is where the binding resizes the C type to
 * the specification's bounds.
 */
final class Layout {
    /** Length of the displacement sequence: the size, in elements. */
    final long size;
    /** Least displacement and greatest displacement plus one (size &gt; 0). */
    final long low, high;
    /** Whether an MPI.LB (MPI.UB) marker took part, and the least (greatest). */
    final boolean hasLb, hasUb;
    final long lbMark, ubMark;

    /** One element at displacement 0: a basic type. */
    static final Layout BASIC = new Layout(1, 0, 1, false, 0, false, 0);
    /** MPI.LB: no element, a lower-bound marker at 0. */
    static final Layout LB = new Layout(0, 0, 0, true, 0, false, 0);
    /** MPI.UB: no element, an upper-bound marker at 0. */
    static final Layout UB = new Layout(0, 0, 0, false, 0, true, 0);

    private Layout(long size, long low, long high, boolean hasLb, long lbMark, boolean hasUb,
                   long ubMark) {
        this.size = size;
        this.low = low;
        this.high = high;
        this.hasLb = hasLb;
        this.lbMark = lbMark;
        this.hasUb = hasUb;
        this.ubMark = ubMark;
    }

    /** lb(): the least LB marker if any, else the least displacement. */
    long lb() {
        return hasLb ? lbMark : size > 0 ? low : 0;
    }

    /** ub(): the greatest UB marker if any, else the greatest displacement + 1. */
    long ub() {
        return hasUb ? ubMark : size > 0 ? high : 0;
    }

    /** extent() = ub() - lb(). */
    long extent() {
        return Math.subtractExact(ub(), lb());
    }

    /** Whether the type has any marker or element, i.e. contributes to bounds. */
    private boolean isEmpty() {
        return size == 0 && !hasLb && !hasUb;
    }

    /**
     * The least and greatest value of first + step * k for k in [0, n): the
     * extremes of n offsets in arithmetic progression (n &gt; 0).
     */
    static long[] progression(long first, long step, long n) {
        long last = Math.addExact(first, Math.multiplyExact(step, n - 1));
        return new long[] {Math.min(first, last), Math.max(first, last)};
    }

    /** Accumulates the blocks of a constructor into the layout of the new type. */
    static final class Builder {
        private long size;
        private long low = Long.MAX_VALUE, high = Long.MIN_VALUE;
        private boolean hasLb, hasUb;
        private long lbMark = Long.MAX_VALUE, ubMark = Long.MIN_VALUE;

        /**
         * Adds {@code copies} copies of {@code old}, the copies placed at
         * offsets whose least is {@code offLow} and greatest {@code offHigh}.
         */
        Builder add(Layout old, long copies, long offLow, long offHigh) {
            if (copies <= 0 || old.isEmpty())
                return this;
            size = Math.addExact(size, Math.multiplyExact(old.size, copies));
            if (old.size > 0) {
                low = Math.min(low, Math.addExact(old.low, offLow));
                high = Math.max(high, Math.addExact(old.high, offHigh));
            }
            if (old.hasLb) {
                hasLb = true;
                lbMark = Math.min(lbMark, Math.addExact(old.lbMark, offLow));
            }
            if (old.hasUb) {
                hasUb = true;
                ubMark = Math.max(ubMark, Math.addExact(old.ubMark, offHigh));
            }
            return this;
        }

        /** Adds copies at the offsets of a block whose extremes are {@code off}. */
        Builder add(Layout old, long copies, long[] off) {
            return copies <= 0 ? this : add(old, copies, off[0], off[1]);
        }

        Layout build() {
            return new Layout(size, size > 0 ? low : 0, size > 0 ? high : 0, hasLb,
                              hasLb ? lbMark : 0, hasUb, hasUb ? ubMark : 0);
        }
    }
}
