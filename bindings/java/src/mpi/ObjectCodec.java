// SPDX-License-Identifier: BSD-3-Clause
package mpi;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.NotSerializableException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamException;

/**
 * MPI.OBJECT elements on the wire: Java serialization of the elements a
 * layout selects, in packing order (a count, then the objects), carried as
 * bytes by MPI_Send/MPI_Recv or packed as an int length and the bytes.
 */
final class ObjectCodec {
    private ObjectCodec() {}

    static byte[] encode(String fn, Object[] buf, int[] idx) throws MPIException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int at = -1;
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeInt(idx.length);
            for (int i : idx) {
                at = i;
                out.writeObject(buf[i]);
            }
        } catch (NotSerializableException e) {
            throw new MPIException(MPI.ERR_ARG, fn + ": element " + at + " of the buffer ("
                                                    + e.getMessage() + ") is not serializable");
        } catch (IOException e) {
            MPIException m = new MPIException(MPI.ERR_OTHER, fn + ": serializing element " + at
                                                                 + " of the buffer: " + e);
            m.initCause(e);
            throw m;
        }
        return bytes.toByteArray();
    }

    /**
     * Stores the objects of {@code data} at the indices {@code idx} of
     * {@code buf} and returns how many there were. Nothing is stored unless
     * every object was read and fits: more objects than indices (or, when
     * {@code exact}, a different number) is MPI_ERR_TRUNCATE.
     */
    static int decode(String fn, byte[] data, Object[] buf, int[] idx, boolean exact)
        throws MPIException {
        Object[] got = data.length == 0 ? new Object[0] : read(fn, data);
        if (got.length > idx.length || (exact && got.length != idx.length))
            throw new MPIException(MPI.ERR_TRUNCATE, fn + ": the data holds " + got.length
                                                         + " objects where the layout has "
                                                         + idx.length + " elements");
        Class<?> element = buf.getClass().getComponentType();
        for (int k = 0; k < got.length; k++)
            if (got[k] != null && !element.isInstance(got[k]))
                throw new MPIException(MPI.ERR_TYPE,
                                       fn + ": object " + k + " is a " + got[k].getClass().getName()
                                           + ", which a " + buf.getClass().getSimpleName()
                                           + " cannot hold");
        for (int k = 0; k < got.length; k++)
            buf[idx[k]] = got[k];
        return got.length;
    }

    private static Object[] read(String fn, byte[] data) throws MPIException {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(data))) {
            int n = in.readInt();
            if (n < 0)
                throw new MPIException(MPI.ERR_TYPE, fn + ": the data is not a stream of objects");
            Object[] got = new Object[n];
            for (int k = 0; k < n; k++)
                got[k] = in.readObject();
            return got;
        } catch (ObjectStreamException | java.io.EOFException e) {
            MPIException m = new MPIException(
                MPI.ERR_TYPE, fn + ": the data is not a stream of serialized objects (" + e + ")");
            m.initCause(e);
            throw m;
        } catch (IOException | ClassNotFoundException e) {
            MPIException m = new MPIException(MPI.ERR_OTHER,
                                              fn + ": reading the serialized objects: " + e);
            m.initCause(e);
            throw m;
        }
    }
}
