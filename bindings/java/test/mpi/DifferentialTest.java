// SPDX-License-Identifier: BSD-3-Clause
package mpi;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;

import org.junit.Test;

/**
 * The binding against libtypeshim's C API: each layout is built once with
 * the binding (element units) and once in C (tsj_clayouts.c: byte
 * displacements = elements times the base type's size, MPI semantics).
 * Both pack the same array to the same bytes, and, where the mpiJava 1.2
 * specification and C MPI agree, have the same bounds.  The last layouts
 * are those where they disagree: the binding follows the specification.
 */
public class DifferentialTest {
    interface Maker {
        Datatype make() throws MPIException;
    }

    /* s: size of the base type in C; buf: 64 elements, offset 16 */
    private static void same(String name, int s, Object buf, Maker m, boolean sameBounds)
        throws MPIException {
        Datatype j = T.committed(m.make());
        int c = CLayouts.build(name);
        try {
            long[] cb = CLayouts.bounds(c);
            long[] jb = {(long)j.lb() * s, (long)j.extent() * s, (long)j.size() * s};
            assertEquals(name + " size", cb[2], jb[2]);
            if (sameBounds)
                assertArrayEquals(name + " lb, extent", new long[] {cb[0], cb[1]},
                                  new long[] {jb[0], jb[1]});
            assertArrayEquals(name + " packed", CLayouts.pack(c, buf, s, 16, 1),
                              T.pack(j, buf, 16, 1));
            byte[] c2 = CLayouts.pack(c, buf, s, 16, 2);
            byte[] j2 = T.pack(j, buf, 16, 2);
            if (sameBounds)
                assertArrayEquals(name + " packed twice", c2, j2);
            else
                assertFalse(name + ": the C extent lays out the second copy elsewhere",
                            java.util.Arrays.equals(c2, j2));
        } finally {
            CLayouts.free(c);
            j.finalize();
        }
    }

    private static int[] ints() {
        return T.ints(64, 1);
    }

    @Test
    public void contiguousVectorHvector() throws MPIException {
        same("int_contig3", 4, ints(), () -> MPI.INT.contiguous(3), true);
        same("double_vector", 8, T.doubles(64), () -> MPI.DOUBLE.vector(3, 2, 4), true);
        short[] sh = new short[64];
        for (int i = 0; i < 64; i++)
            sh[i] = (short)(i * 3);
        same("short_hvector", 2, sh, () -> MPI.SHORT.hvector(2, 3, 5), true);
        boolean[] z = new boolean[64];
        for (int i = 0; i < 64; i += 3)
            z[i] = true;
        same("bool_hvector", 1, z, () -> MPI.BOOLEAN.hvector(3, 1, -2), true);
    }

    @Test
    public void indexedHindexed() throws MPIException {
        long[] l = new long[64];
        for (int i = 0; i < 64; i++)
            l[i] = 1000L * i;
        same("long_indexed", 8, l,
             () -> MPI.LONG.indexed(new int[] {2, 1, 3}, new int[] {5, 0, 9}), true);
        char[] ch = new char[64];
        for (int i = 0; i < 64; i++)
            ch[i] = (char)('A' + i);
        same("char_hindexed", 2, ch,
             () -> MPI.CHAR.contiguous(2).hindexed(new int[] {1, 2}, new int[] {7, 0}), true);
        byte[] b = new byte[64];
        for (int i = 0; i < 64; i++)
            b[i] = (byte)i;
        same("byte_nested", 1, b,
             () -> MPI.BYTE.vector(2, 1, 3).indexed(new int[] {1, 2}, new int[] {3, 0}), true);
    }

    @Test
    public void structsWithMarkers() throws MPIException {
        float[] f = new float[64];
        for (int i = 0; i < 64; i++)
            f[i] = i / 4f;
        same("float_struct_lbub", 4, f,
             ()
                 -> Datatype.struct(new int[] {1, 2, 1, 1}, new int[] {-1, 0, 4, 7},
                                    new Datatype[] {MPI.LB, MPI.FLOAT, MPI.FLOAT, MPI.UB}),
             true);
        same("vector_of_struct", 4, ints(),
             ()
                 -> Datatype.struct(new int[] {1, 2, 1}, new int[] {0, 1, 4},
                                    new Datatype[] {MPI.LB, MPI.INT, MPI.UB})
                        .vector(2, 1, -2),
             true);
        same("double_struct_nested", 8, T.doubles(64),
             ()
                 -> Datatype.struct(new int[] {2, 1, 1}, new int[] {0, 20, 25},
                                    new Datatype[] {MPI.DOUBLE.vector(2, 1, 3), MPI.DOUBLE,
                                                    MPI.UB}),
             true);
        same("double_marker_member", 8, T.doubles(64),
             ()
                 -> Datatype.struct(new int[] {1, 2}, new int[] {0, 1},
                                    new Datatype[] {Datatype.struct(new int[] {1, 1},
                                                                    new int[] {0, 4},
                                                                    new Datatype[] {MPI.LB,
                                                                                    MPI.UB}),
                                                    MPI.DOUBLE}),
             true);
    }

    /* Where the specification and C MPI part: the elements packed once are
     * the same; the bounds, and so a second copy, are not. */
    @Test
    public void emptyMemberBoundsDiffer() throws MPIException {
        same("int_empty_member", 4, ints(),
             ()
                 -> Datatype.struct(new int[] {1, 1}, new int[] {10, 0},
                                    new Datatype[] {MPI.INT.contiguous(0), MPI.INT}),
             false);
        int c = CLayouts.build("int_empty_member");
        /* C MPI: ub 10 ints; the specification: 1 */
        assertArrayEquals(new long[] {0, 40, 4}, CLayouts.bounds(c));
        CLayouts.free(c);
    }

    @Test
    public void markerMemberBoundsDiffer() throws MPIException {
        same("int_lb_member", 4, ints(),
             ()
                 -> Datatype.struct(new int[] {1, 1}, new int[] {10, 0},
                                    new Datatype[] {Datatype.struct(new int[] {1},
                                                                    new int[] {3},
                                                                    new Datatype[] {MPI.LB}),
                                                    MPI.INT}),
             false);
        int c = CLayouts.build("int_lb_member");
        /* C MPI: lb 13 ints, ub 10 ints (extent -3); the specification: ub 1
         * (extent -12) */
        assertArrayEquals(new long[] {52, -12, 4}, CLayouts.bounds(c));
        CLayouts.free(c);
    }
}
