// SPDX-License-Identifier: BSD-3-Clause
package mpi;

/** Checks that a buffer argument is an array of the datatype's base type. */
final class Buffers {
    private static final Class<?>[] CLASS = {null,        byte[].class,   char[].class,
                                             short[].class, boolean[].class, int[].class,
                                             long[].class,  float[].class,   double[].class,
                                             Object[].class};

    private Buffers() {}

    static void checkType(String fn, Datatype type) throws MPIException {
        if (type == null)
            throw new MPIException(MPI.ERR_TYPE, fn + ": argument datatype is null");
    }

    /**
     * The buffer {@code buf} (argument {@code arg} of {@code fn}) must be a
     * Java array whose elements are of the base type of {@code type}: any
     * array for the undefined base type, whose types touch no element.
     */
    static void check(String fn, String arg, Object buf, Datatype type) throws MPIException {
        checkType(fn, type);
        if (buf == null)
            throw new MPIException(MPI.ERR_BUFFER, fn + ": argument " + arg + " is null");
        if (!buf.getClass().isArray())
            throw new MPIException(MPI.ERR_BUFFER, fn + ": argument " + arg + " is a "
                                                       + buf.getClass().getSimpleName()
                                                       + ", not an array");
        int b = type.base;
        boolean ok = b == Datatype.NONE     ? true
                     : b == Datatype.OBJECT ? buf instanceof Object[]
                                            : buf.getClass() == CLASS[b];
        if (!ok)
            throw new MPIException(MPI.ERR_TYPE, fn + ": argument " + arg + " is "
                                                     + buf.getClass().getSimpleName()
                                                     + " but the datatype's base type is "
                                                     + Datatype.baseName(b));
    }

    /**
     * The elements [first, last) of an array of the given length that count
     * copies of type at offset touch, from the type's displacement sequence
     * (Layout: exact, where C's true bounds count members without elements
     * too); MPI_ERR_BUFFER unless they lie inside the array. A negative count
     * touches nothing here: libtypeshim reports it.
     */
    static int[] window(String fn, int length, int offset, int count, Datatype type)
        throws MPIException {
        if (offset < 0 || offset > length)
            throw new MPIException(MPI.ERR_BUFFER, fn + ": offset " + offset
                                                       + " is outside the buffer (of length "
                                                       + length + ")");
        Layout l = type.layout;
        if (count <= 0 || l.size == 0)
            return new int[] {offset, offset};
        long first, last;
        try {
            long span = Math.multiplyExact((long)count - 1, l.extent());
            first = Math.addExact(offset + l.low, Math.min(0, span));
            last = Math.addExact(offset + l.high, Math.max(0, span));
        } catch (ArithmeticException e) {
            throw new MPIException(MPI.ERR_BUFFER, fn + ": " + count
                                                       + " copies of the datatype span more "
                                                       + "than 2^63 elements");
        }
        if (first < 0 || last > length)
            throw new MPIException(MPI.ERR_BUFFER,
                                   fn + ": " + count + " copies of the datatype at offset "
                                       + offset + " touch elements [" + first + ", " + last
                                       + "), outside the buffer (of length " + length + ")");
        return new int[] {(int)first, (int)last};
    }

    static int[] window(String fn, Object buf, int offset, int count, Datatype type)
        throws MPIException {
        return window(fn, java.lang.reflect.Array.getLength(buf), offset, count, type);
    }

    static void checkBytes(String fn, String arg, byte[] buf) throws MPIException {
        if (buf == null)
            throw new MPIException(MPI.ERR_BUFFER, fn + ": argument " + arg + " is null");
    }
}
