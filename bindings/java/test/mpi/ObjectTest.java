// SPDX-License-Identifier: BSD-3-Clause
package mpi;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotSame;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.io.Serializable;
import org.junit.Test;

/** MPI.OBJECT: elements are Java objects, carried by serialization. */
public class ObjectTest {
    private static final Intracomm W = MPI.COMM_WORLD;

    static final class Point implements Serializable {
        private static final long serialVersionUID = 1L;
        final int x, y;

        Point(int x, int y) {
            this.x = x;
            this.y = y;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Point && ((Point)o).x == x && ((Point)o).y == y;
        }

        @Override
        public int hashCode() {
            return 31 * x + y;
        }
    }

    @Test
    public void objectLayoutsHaveElementBounds() throws MPIException {
        T.bounds(MPI.OBJECT.vector(2, 1, 2), 0, 3, 3, 2);
        T.bounds(MPI.OBJECT.hindexed(new int[] {2}, new int[] {4}), 4, 6, 2, 2);
    }

    @Test
    public void packAndUnpackSelectedObjects() throws MPIException {
        Datatype t = T.committed(MPI.OBJECT.vector(2, 1, 2));
        String[] src = {"a", "b", "c", "d", "e"};
        byte[] out = new byte[1000];
        int end = W.Pack(src, 1, 1, t, out, 3);
        /* the frame: an int length, then the serialized stream */
        int len = T.unpackInts(java.util.Arrays.copyOfRange(out, 3, 7), 1)[0];
        assertEquals(3 + 4 + len, end);
        String[] dst = new String[5];
        assertEquals(end, W.Unpack(out, 3, dst, 0, 1, t));
        assertArrayEquals(new String[] {"b", null, "d", null, null}, dst);
    }

    @Test
    public void sendAndReceiveObjects() throws MPIException {
        Datatype t = T.committed(MPI.OBJECT.indexed(new int[] {1, 2}, new int[] {3, 0}));
        Object[] src = {new Point(1, 2), null, new int[] {5, 6}, "s"};
        W.Send(src, 0, 1, t, 0, 4);
        Object[] dst = new Object[4];
        Status st = W.Recv(dst, 0, 1, t, 0, 4);
        /* packing order: [3], [0], [1] go to [3], [0], [1] */
        assertEquals("s", dst[3]);
        assertEquals(new Point(1, 2), dst[0]);
        assertNotSame(src[0], dst[0]);
        assertNull(dst[1]);
        assertNull(dst[2]);
        assertEquals(3, st.getElements(t));
        assertEquals(4, st.tag);
    }

    @Test
    public void fewerObjectsThanRoom() throws MPIException {
        Object[] dst = new Object[4];
        Status st = W.Sendrecv(new Integer[] {7, 8}, 0, 2, MPI.OBJECT, 0, 1, dst, 0, 4,
                               MPI.OBJECT, 0, 1);
        assertArrayEquals(new Object[] {7, 8, null, null}, dst);
        assertEquals(2, st.getElements(MPI.OBJECT));
    }

    @Test
    public void objectsReceivedAsPrimitivesArriveAsBytes() throws MPIException {
        /* objects travel as MPI_BYTE, whose signature matches any received
         * type of fitting size (as in MPICH and Open MPI): the serialized
         * bytes land in the ints as they are; TYPESHIM_CHECK=strict would
         * refuse them (MPI-4.1 section 3.3.1) */
        W.Send(new Object[] {"x"}, 0, 1, MPI.OBJECT, 0, 3);
        int[] i = new int[100];
        Status s = W.Recv(i, 0, 100, MPI.INT, 0, 3);
        int bytes = s.getElements(MPI.BYTE);
        assertTrue("bytes arrived: " + bytes, bytes > 0 && bytes <= 400);
        assertFalse(java.util.Arrays.equals(new int[100], i));
    }

    @Test
    public void tooManyObjectsTruncate() throws MPIException {
        W.Send(new String[] {"a", "b", "c"}, 0, 3, MPI.OBJECT, 0, 6);
        String[] dst = new String[2];
        T.fails(MPI.ERR_TRUNCATE, () -> W.Recv(dst, 0, 2, MPI.OBJECT, 0, 6), "Comm.Recv",
                "3 objects", "2 elements");
        assertArrayEquals(new String[2], dst);
    }

    @Test
    public void wrongElementClassIsRefused() throws MPIException {
        W.Send(new Object[] {Integer.valueOf(1)}, 0, 1, MPI.OBJECT, 0, 7);
        String[] dst = {"keep"};
        T.fails(MPI.ERR_TYPE, () -> W.Recv(dst, 0, 1, MPI.OBJECT, 0, 7), "java.lang.Integer",
                "String[]");
        assertEquals("keep", dst[0]);
    }

    @Test
    public void notSerializable() throws MPIException {
        Object[] src = {"ok", new Object()};
        T.fails(MPI.ERR_ARG, () -> W.Send(src, 0, 2, MPI.OBJECT, 0, 0), "Comm.Send",
                "element 1", "not serializable");
    }

    @Test
    public void bcastObjects() throws MPIException {
        Object[] a = {"p", "q"};
        W.Bcast(a, 0, 2, MPI.OBJECT, 0);
        assertArrayEquals(new Object[] {"p", "q"}, a);
    }

    @Test
    public void packSizeOfObjectsIsUnknown() {
        T.fails(MPI.ERR_TYPE, () -> W.Pack_size(1, MPI.OBJECT), "Comm.Pack_size",
                "serialized");
    }

    @Test
    public void packIntoTooSmallAnArrayWritesNothing() throws MPIException {
        byte[] out = new byte[8];
        java.util.Arrays.fill(out, (byte)7);
        T.fails(MPI.ERR_TRUNCATE, () -> W.Pack(new String[] {"abc"}, 0, 1, MPI.OBJECT, out, 0),
                "Comm.Pack");
        byte[] sevens = new byte[8];
        java.util.Arrays.fill(sevens, (byte)7);
        assertArrayEquals(sevens, out);
    }

    @Test
    public void unpackOfPrimitiveBytesIsNotObjects() throws MPIException {
        byte[] b = T.pack(MPI.INT, new int[] {5}, 0, 1);
        byte[] framed = new byte[16];
        /* a length of 5 then garbage: not a serialized stream */
        System.arraycopy(b, 0, framed, 0, 4);
        Object[] dst = new Object[1];
        T.fails(MPI.ERR_TYPE, () -> W.Unpack(framed, 0, dst, 0, 1, MPI.OBJECT), "Comm.Unpack",
                "not a stream");
        assertNull(dst[0]);
    }
}
