// SPDX-License-Identifier: BSD-3-Clause
package mpi;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assume.assumeTrue;

import org.junit.Before;
import org.junit.Test;

/**
 * Comm.Pack, Unpack and Pack_size: the packed bytes of every base type,
 * element by element (native byte order: these images are little-endian),
 * positions, offsets, and what an unpack leaves alone.
 */
public class PackTest {
    @Before
    public void littleEndian() {
        assumeTrue(T.littleEndian());
    }

    @Test
    public void intVector() throws MPIException {
        Datatype t = T.committed(MPI.INT.vector(2, 1, 2));
        int[] a = {0x01020304, 0x05060708, 0x090a0b0c};
        assertArrayEquals(T.le(4, 0x01020304, 0x090a0b0c), T.pack(t, a, 0, 1));
    }

    @Test
    public void everyBaseType() throws MPIException {
        assertArrayEquals(new byte[] {4, 2},
                          T.pack(T.committed(MPI.BYTE.indexed(new int[] {1, 1}, new int[] {3, 1})),
                                 new byte[] {-1, 2, -3, 4}, 0, 1));
        assertArrayEquals(T.le(2, 'A', 0xe9, 0x3a9),
                          T.pack(T.committed(MPI.CHAR.contiguous(3)),
                                 new char[] {'A', '\u00e9', '\u03a9'}, 0, 1));
        assertArrayEquals(T.le(2, 0x0708, 0xfffe),
                          T.pack(T.committed(MPI.SHORT.hvector(2, 1, 3)),
                                 new short[] {0x0708, 1, 2, -2}, 0, 1));
        /* blocks [2] then [0, 1] */
        assertArrayEquals(new byte[] {1, 0, 0},
                          T.pack(T.committed(MPI.BOOLEAN.hindexed(new int[] {1, 2},
                                                                  new int[] {2, 0})),
                                 new boolean[] {false, false, true}, 0, 1));
    }

    @Test
    public void booleanBlocksInOrder() throws MPIException {
        Datatype t = T.committed(MPI.BOOLEAN.hindexed(new int[] {1, 2}, new int[] {2, 0}));
        assertArrayEquals(new byte[] {1, 1, 0}, T.pack(t, new boolean[] {true, false, true}, 0, 1));
    }

    @Test
    public void longFloatDouble() throws MPIException {
        assertArrayEquals(T.le(8, 0x0102030405060708L),
                          T.pack(MPI.LONG, new long[] {0x0102030405060708L}, 0, 1));
        assertArrayEquals(T.le(4, 0x3fc00000L, 0xc0200000L),
                          T.pack(T.committed(MPI.FLOAT.vector(2, 1, 2)),
                                 new float[] {1.5f, 9f, -2.5f}, 0, 1));
        assertArrayEquals(T.le(8, 0x3ff0000000000000L, 0xc000000000000000L),
                          T.pack(T.committed(MPI.DOUBLE.indexed(new int[] {1, 1},
                                                                new int[] {2, 0})),
                                 new double[] {-2.0, 7.0, 1.0}, 0, 1));
    }

    @Test
    public void offsetIsInElements() throws MPIException {
        Datatype t = T.committed(MPI.SHORT.vector(2, 1, 2));
        assertArrayEquals(T.le(2, 3, 5), T.pack(t, new short[] {0, 1, 2, 3, 4, 5}, 3, 1));
    }

    @Test
    public void positionsChain() throws MPIException {
        byte[] out = new byte[16];
        int p = MPI.COMM_WORLD.Pack(new int[] {7, 8}, 1, 1, MPI.INT, out, 2);
        assertEquals(6, p);
        p = MPI.COMM_WORLD.Pack(new short[] {9}, 0, 1, MPI.SHORT, out, p);
        assertEquals(8, p);
        assertArrayEquals(new byte[] {0, 0, 8, 0, 0, 0, 9, 0, 0, 0, 0, 0, 0, 0, 0, 0}, out);
        int[] i = new int[1];
        short[] s = new short[1];
        assertEquals(6, MPI.COMM_WORLD.Unpack(out, 2, i, 0, 1, MPI.INT));
        assertEquals(8, MPI.COMM_WORLD.Unpack(out, 6, s, 0, 1, MPI.SHORT));
        assertEquals(8, i[0]);
        assertEquals(9, s[0]);
    }

    @Test
    public void unpackWritesOnlyTheLayout() throws MPIException {
        Datatype t = T.committed(MPI.DOUBLE.vector(3, 1, 3));
        byte[] b = T.pack(t, T.doubles(9), 0, 1);
        double[] out = new double[10];
        java.util.Arrays.fill(out, -1);
        assertEquals(24, MPI.COMM_WORLD.Unpack(b, 0, out, 1, 1, t));
        assertArrayEquals(new double[] {-1, 0.5, -1, -1, 3.5, -1, -1, 6.5, -1, -1}, out, 0);
    }

    @Test
    public void packSize() throws MPIException {
        assertEquals(12, MPI.COMM_WORLD.Pack_size(1, MPI.INT.contiguous(3)));
        assertEquals(48, MPI.COMM_WORLD.Pack_size(2, MPI.DOUBLE.vector(3, 1, 5)));
        assertEquals(6, MPI.COMM_WORLD.Pack_size(3, MPI.BOOLEAN.contiguous(2)));
        assertEquals(0, MPI.COMM_WORLD.Pack_size(4, MPI.LB));
        assertEquals(0, MPI.COMM_WORLD.Pack_size(0, MPI.LONG));
    }

    @Test
    public void packedDataRoundTrip() throws MPIException {
        /* MPI.PACKED carries the bytes of Pack */
        byte[] b = T.pack(MPI.INT, new int[] {0x11223344}, 0, 1);
        byte[] copy = new byte[b.length];
        MPI.COMM_WORLD.Unpack(b, 0, copy, 0, b.length, MPI.PACKED);
        assertArrayEquals(b, copy);
    }

    @Test
    public void typesOfNoElementPackNothing() throws MPIException {
        assertEquals(0, T.pack(MPI.LB, new int[0], 0, 3).length);
        assertEquals(0, T.pack(T.committed(MPI.UB.contiguous(2)), new double[1], 1, 5).length);
        assertEquals(0, T.pack(MPI.INT, new int[2], 2, 0).length);
    }
}
