// SPDX-License-Identifier: BSD-3-Clause
package mpi;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;

import org.junit.Test;

/**
 * Send, Recv, Sendrecv and Bcast on MPI.COMM_WORLD of one process
 * (libtypeshim-serial: every message to the process itself), with
 * Status.getElements.
 */
public class CommTest {
    private static final Intracomm W = MPI.COMM_WORLD;

    @Test
    public void rankAndSize() throws MPIException {
        assertEquals(0, W.Rank());
        assertEquals(1, W.Size());
        assertEquals("serial", MPI.runtime());
        assertEquals(0, CLayouts.mode()); /* typeshim standalone */
    }

    @Test
    public void vectorOfDoublesToSelf() throws MPIException {
        Datatype v = T.committed(MPI.DOUBLE.vector(3, 2, 4));
        double[] src = T.doubles(12);
        W.Send(src, 1, 1, v, 0, 5);
        double[] dst = new double[12];
        Status st = W.Recv(dst, 0, 1, v, 0, 5);
        assertArrayEquals(new double[] {1.5, 2.5, 0, 0, 5.5, 6.5, 0, 0, 9.5, 10.5, 0, 0}, dst, 0);
        assertEquals(6, st.getElements(v));
        assertEquals(6, st.getElements(MPI.DOUBLE));
        assertEquals(6, st.Get_elements(v));
        assertEquals(0, st.source);
        assertEquals(5, st.tag);
    }

    @Test
    public void sendrecvAcrossLayouts() throws MPIException {
        /* 6 ints sent as 2 x {0,1,2 of 3}, received as 3 x {0,2}: the same
         * signature (6 ints), another layout */
        Datatype s = T.committed(MPI.INT.contiguous(3));
        Datatype r = T.committed(MPI.INT.vector(2, 1, 2));
        int[] src = T.ints(6, 11);
        int[] dst = new int[12];
        Status st = W.Sendrecv(src, 0, 2, s, 0, 1, dst, 0, 3, r, MPI.ANY_SOURCE, MPI.ANY_TAG);
        /* r's extent is 3: copies at 0, 3, 6 */
        assertArrayEquals(new int[] {0, 0, 11, 22, 0, 33, 44, 0, 55, 0, 0, 0}, dst);
        assertEquals(6, st.getElements(r));
        assertEquals(1, st.tag);
    }

    @Test
    public void elementsOfAPartialType() throws MPIException {
        /* 3 ints into room for 2 pairs: 3 elements, not a whole pair */
        Datatype pair = T.committed(MPI.INT.contiguous(2));
        int[] dst = new int[4];
        Status st = W.Sendrecv(new int[] {1, 2, 3}, 0, 3, MPI.INT, 0, 2, dst, 0, 2, pair, 0, 2);
        assertEquals(3, st.getElements(pair));
        assertArrayEquals(new int[] {1, 2, 3, 0}, dst);
    }

    @Test
    public void structWithMarkersTravelsAsTheSpecificationLaysItOut() throws MPIException {
        /* {LB at 0, 2 ints at 1, UB at 4}: extent 4; two copies: 1,2 and 5,6 */
        Datatype s = T.committed(Datatype.struct(new int[] {1, 2, 1}, new int[] {0, 1, 4},
                                                 new Datatype[] {MPI.LB, MPI.INT, MPI.UB}));
        int[] dst = new int[8];
        Status st = W.Sendrecv(T.ints(8, 3), 0, 2, s, 0, 3, dst, 0, 2, s, 0, 3);
        assertArrayEquals(new int[] {0, 3, 6, 0, 0, 15, 18, 0}, dst);
        assertEquals(4, st.getElements(s));
    }

    @Test
    public void procNull() throws MPIException {
        W.Send(new int[1], 0, 1, MPI.INT, MPI.PROC_NULL, 0);
        int[] dst = {9};
        Status st = W.Recv(dst, 0, 1, MPI.INT, MPI.PROC_NULL, 0);
        assertEquals(MPI.PROC_NULL, st.source);
        assertEquals(0, st.getElements(MPI.INT));
        assertEquals(9, dst[0]);
    }

    @Test
    public void bcastOnOneProcess() throws MPIException {
        long[] a = {1, 2, 3};
        W.Bcast(a, 1, 2, MPI.LONG, 0);
        assertArrayEquals(new long[] {1, 2, 3}, a);
        T.fails(MPI.ERR_ROOT, () -> W.Bcast(a, 0, 1, MPI.LONG, 1), "Intracomm.Bcast");
    }

    @Test
    public void allBaseTypesToSelf() throws MPIException {
        char[] c = new char[2];
        W.Sendrecv(new char[] {'x', '\u20ac'}, 0, 2, MPI.CHAR, 0, 0, c, 0, 2, MPI.CHAR, 0, 0);
        assertArrayEquals(new char[] {'x', '\u20ac'}, c);
        boolean[] z = new boolean[3];
        W.Sendrecv(new boolean[] {true, false, true}, 0, 3, MPI.BOOLEAN, 0, 0, z, 0, 3,
                   MPI.BOOLEAN, 0, 0);
        assertArrayEquals(new boolean[] {true, false, true}, z);
        float[] f = new float[1];
        W.Sendrecv(new float[] {2.25f}, 0, 1, MPI.FLOAT, 0, 0, f, 0, 1, MPI.FLOAT, 0, 0);
        assertEquals(2.25f, f[0], 0);
        short[] s = new short[1];
        W.Sendrecv(new short[] {-7}, 0, 1, MPI.SHORT, 0, 0, s, 0, 1, MPI.SHORT, 0, 0);
        assertEquals(-7, s[0]);
        byte[] b = new byte[1];
        W.Sendrecv(new byte[] {-8}, 0, 1, MPI.BYTE, 0, 0, b, 0, 1, MPI.BYTE, 0, 0);
        assertEquals(-8, b[0]);
    }

    @Test
    public void truncatedReceiveWritesNothing() throws MPIException {
        W.Send(new int[] {1, 2, 3}, 0, 3, MPI.INT, 0, 9);
        int[] dst = {-1, -1, -1};
        T.fails(MPI.ERR_TRUNCATE, () -> W.Recv(dst, 0, 2, MPI.INT, 0, 9), "Comm.Recv");
        assertArrayEquals(new int[] {-1, -1, -1}, dst);
    }

    @Test
    public void mismatchedTypesAreRefusedByTheRuntime() throws MPIException {
        /* libtypeshim-serial matches type signatures on every receive */
        W.Send(new int[] {1}, 0, 1, MPI.INT, 0, 8);
        double[] d = {4};
        T.fails(MPI.ERR_TYPE, () -> W.Recv(d, 0, 1, MPI.DOUBLE, 0, 8), "Comm.Recv");
        assertEquals(4, d[0], 0);
    }
}
