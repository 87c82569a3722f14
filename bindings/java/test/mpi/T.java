// SPDX-License-Identifier: BSD-3-Clause
package mpi;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** Assertions shared by the binding's tests. */
final class T {
    private T() {}

    interface Call {
        void run() throws Exception;
    }

    /** Runs c, which must throw an MPIException of class cls whose message
     *  contains each of parts; returns it. */
    static MPIException fails(int cls, Call c, String... parts) {
        try {
            c.run();
        } catch (MPIException e) {
            assertEquals("class of '" + e.getMessage() + "'", cls, e.getErrorClass());
            for (String p : parts)
                assertTrue("'" + e.getMessage() + "' lacks '" + p + "'", e.getMessage().contains(p));
            return e;
        } catch (Exception e) {
            throw new AssertionError("expected an MPIException, got " + e, e);
        }
        fail("expected an MPIException of class " + cls);
        return null;
    }

    /** Each of names occurs exactly once in e's message. */
    static void once(MPIException e, String... names) {
        String m = e.getMessage();
        for (String n : names)
            assertEquals("occurrences of '" + n + "' in '" + m + "'", 1,
                         m.split(java.util.regex.Pattern.quote(n), -1).length - 1);
    }

    /** lb, ub, extent and size, in elements, in that order. */
    static void bounds(Datatype t, int lb, int ub, int extent, int size) throws MPIException {
        assertArrayEquals(new int[] {lb, ub, extent, size},
                          new int[] {t.lb(), t.ub(), t.extent(), t.size()});
    }

    /** The bytes of little-endian values of the given width (1, 2, 4 or 8). */
    static byte[] le(int width, long... values) {
        byte[] b = new byte[width * values.length];
        for (int i = 0; i < values.length; i++)
            for (int k = 0; k < width; k++)
                b[i * width + k] = (byte)(values[i] >>> (8 * k));
        return b;
    }

    static boolean littleEndian() {
        return ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;
    }

    static int[] ints(int n, int scale) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++)
            a[i] = i * scale;
        return a;
    }

    static double[] doubles(int n) {
        double[] a = new double[n];
        for (int i = 0; i < n; i++)
            a[i] = i + 0.5;
        return a;
    }

    /** The ints a packed int image holds (native order). */
    static int[] unpackInts(byte[] b, int n) {
        ByteBuffer bb = ByteBuffer.wrap(b).order(ByteOrder.nativeOrder());
        int[] a = new int[n];
        for (int i = 0; i < n; i++)
            a[i] = bb.getInt();
        return a;
    }

    static byte[] pack(Datatype t, Object buf, int offset, int count) throws MPIException {
        byte[] out = new byte[4096];
        int n = MPI.COMM_WORLD.Pack(buf, offset, count, t, out, 0);
        byte[] r = new byte[n];
        System.arraycopy(out, 0, r, 0, n);
        return r;
    }

    static Datatype committed(Datatype t) throws MPIException {
        t.commit();
        return t;
    }
}
