// SPDX-License-Identifier: BSD-3-Clause
package mpi;

import java.lang.ref.Reference;

/**
 * An intra-communicator: collective operations.
 */
public class Intracomm extends Comm {
    Intracomm(int handle) {
        super(handle);
    }

    /**
     * Broadcasts a message from the process with rank root to all processes
     * of the group. Java binding of MPI_BCAST. MPI.OBJECT elements are sent
     * as their serialization (its length, then the bytes).
     *
     * @param buf      buffer array
     * @param offset   initial offset in the buffer
     * @param count    number of items in the buffer
     * @param datatype datatype of each item in the buffer
     * @param root     rank of the broadcast root
     * @throws MPIException on bad arguments or an error of MPI_Bcast
     */
    public void Bcast(Object buf, int offset, int count, Datatype datatype, int root)
        throws MPIException {
        String fn = "Intracomm.Bcast";
        Buffers.check(fn, "buf", buf, datatype);
        try {
            if (datatype.base != Datatype.OBJECT) {
                int[] w = Buffers.window(fn, buf, offset, count, datatype);
                nBcast(handle, buf, datatype.base, offset, w[0], w[1], count, datatype.handle(),
                       root);
                return;
            }
            Object[] objs = (Object[])buf;
            int[] idx = datatype.indices(fn, offset, count, objs.length);
            boolean isRoot = Rank() == root;
            byte[] data = isRoot ? ObjectCodec.encode(fn, objs, idx) : null;
            int[] len = {isRoot ? data.length : 0};
            nBcast(handle, len, Datatype.INT, 0, 0, 1, 1, MPI.INT.handle(), root);
            if (!isRoot)
                data = new byte[len[0]];
            nBcast(handle, data, Datatype.BYTE, 0, 0, data.length, data.length, MPI.BYTE.handle(),
                   root);
            if (!isRoot)
                ObjectCodec.decode(fn, data, objs, idx, false);
        } finally {
            Reference.reachabilityFence(datatype);
        }
    }

    private static native void nBcast(int comm, Object buf, int kind, int offset, int first,
                                      int last, int count, int type, int root)
        throws MPIException;
}
