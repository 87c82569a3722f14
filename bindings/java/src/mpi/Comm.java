// SPDX-License-Identifier: BSD-3-Clause
package mpi;

import java.lang.ref.Reference;

/**
 * A communicator: point-to-point communication and packing.
 *
 * <p>Buffers are Java arrays of the datatype's base type ({@code Object[]}
 * for MPI.OBJECT); offsets are subscripts. Before any native access the
 * binding checks that count copies of the datatype at the offset lie inside
 * the array (MPI_ERR_BUFFER otherwise). A blocking call copies the elements
 * it touches to native memory and back: no array stays pinned while a
 * message is awaited. MPI.OBJECT elements travel as Java serialization.
 */
public class Comm {
    final int handle;

    static {
        Native.load();
    }

    Comm(int handle) {
        this.handle = handle;
    }

    /**
     * Rank of this process in the communicator. Java binding of
     * MPI_COMM_RANK.
     *
     * @return rank
     * @throws MPIException before MPI.Init or after MPI.Finalize
     */
    public int Rank() throws MPIException {
        return nRank(handle);
    }

    /**
     * Number of processes in the communicator. Java binding of
     * MPI_COMM_SIZE.
     *
     * @return size
     * @throws MPIException before MPI.Init or after MPI.Finalize
     */
    public int Size() throws MPIException {
        return nSize(handle);
    }

    /**
     * Blocking send. Java binding of MPI_SEND.
     *
     * @param buf      send buffer array
     * @param offset   initial offset in the send buffer
     * @param count    number of items to send
     * @param datatype datatype of each item in the send buffer
     * @param dest     rank of the destination
     * @param tag      message tag
     * @throws MPIException on bad arguments (see the class comment) or an
     *                      error of MPI_Send
     */
    public void Send(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
        throws MPIException {
        String fn = "Comm.Send";
        Buffers.check(fn, "buf", buf, datatype);
        try {
            if (datatype.base == Datatype.OBJECT) {
                byte[] b = encode(fn, buf, offset, count, datatype);
                nSend(handle, b, Datatype.BYTE, 0, 0, b.length, b.length, MPI.BYTE.handle(), dest,
                      tag);
            } else {
                int[] w = Buffers.window(fn, buf, offset, count, datatype);
                nSend(handle, buf, datatype.base, offset, w[0], w[1], count, datatype.handle(),
                      dest, tag);
            }
        } finally {
            Reference.reachabilityFence(datatype);
        }
    }

    /**
     * Blocking receive. Java binding of MPI_RECV.
     *
     * @param buf      receive buffer array
     * @param offset   initial offset in the receive buffer
     * @param count    number of items in the receive buffer
     * @param datatype datatype of each item in the receive buffer
     * @param source   rank of the source, or MPI.ANY_SOURCE
     * @param tag      message tag, or MPI.ANY_TAG
     * @return status object
     * @throws MPIException on bad arguments, a message longer than the
     *                      buffer (MPI_ERR_TRUNCATE) or an error of MPI_Recv;
     *                      the buffer is then unchanged
     */
    public Status Recv(Object buf, int offset, int count, Datatype datatype, int source, int tag)
        throws MPIException {
        String fn = "Comm.Recv";
        Buffers.check(fn, "buf", buf, datatype);
        int[] raw = new int[Status.WORDS];
        try {
            if (datatype.base == Datatype.OBJECT) {
                int[] idx = datatype.indices(fn, offset, count, ((Object[])buf).length);
                byte[] data = nRecvBytes(handle, source, tag, raw);
                Status st = new Status(raw);
                st.objects = ObjectCodec.decode(fn, data, (Object[])buf, idx, false);
                return st;
            }
            int[] w = Buffers.window(fn, buf, offset, count, datatype);
            nRecv(handle, buf, datatype.base, offset, w[0], w[1], count, datatype.handle(), source,
                  tag, raw);
            return new Status(raw);
        } finally {
            Reference.reachabilityFence(datatype);
        }
    }

    /**
     * Sends and receives in one call. Java binding of MPI_SENDRECV.
     *
     * @param sendbuf    send buffer array
     * @param sendoffset initial offset in the send buffer
     * @param sendcount  number of items to send
     * @param sendtype   datatype of each item in the send buffer
     * @param dest       rank of the destination
     * @param sendtag    send tag
     * @param recvbuf    receive buffer array
     * @param recvoffset initial offset in the receive buffer
     * @param recvcount  number of items in the receive buffer
     * @param recvtype   datatype of each item in the receive buffer
     * @param source     rank of the source, or MPI.ANY_SOURCE
     * @param recvtag    receive tag, or MPI.ANY_TAG
     * @return status object of the receive
     * @throws MPIException as Send and Recv
     */
    public Status Sendrecv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                           int dest, int sendtag, Object recvbuf, int recvoffset, int recvcount,
                           Datatype recvtype, int source, int recvtag) throws MPIException {
        String fn = "Comm.Sendrecv";
        Buffers.check(fn, "sendbuf", sendbuf, sendtype);
        Buffers.check(fn, "recvbuf", recvbuf, recvtype);
        int[] raw = new int[Status.WORDS];
        try {
            Object sb = sendbuf;
            int skind = sendtype.base, soff = sendoffset, scount = sendcount;
            int stype = sendtype.handle();
            int[] sw;
            if (skind == Datatype.OBJECT) {
                byte[] b = encode(fn, sendbuf, sendoffset, sendcount, sendtype);
                sb = b;
                skind = Datatype.BYTE;
                soff = 0;
                scount = b.length;
                stype = MPI.BYTE.handle();
                sw = new int[] {0, b.length};
            } else {
                sw = Buffers.window(fn, sendbuf, sendoffset, sendcount, sendtype);
            }
            if (recvtype.base == Datatype.OBJECT) {
                int[] idx = recvtype.indices(fn, recvoffset, recvcount, ((Object[])recvbuf).length);
                byte[] data = nSendrecvBytes(handle, sb, skind, soff, sw[0], sw[1], scount, stype,
                                             dest, sendtag, source, recvtag, raw);
                Status st = new Status(raw);
                st.objects = ObjectCodec.decode(fn, data, (Object[])recvbuf, idx, false);
                return st;
            }
            int[] rw = Buffers.window(fn, recvbuf, recvoffset, recvcount, recvtype);
            nSendrecv(handle, sb, skind, soff, sw[0], sw[1], scount, stype, dest, sendtag, recvbuf,
                      recvtype.base, recvoffset, rw[0], rw[1], recvcount, recvtype.handle(), source,
                      recvtag, raw);
            return new Status(raw);
        } finally {
            Reference.reachabilityFence(sendtype);
            Reference.reachabilityFence(recvtype);
        }
    }

    /**
     * Packs a message into a byte array. Java binding of MPI_PACK. MPI.OBJECT
     * elements are packed as their serialization: an int length, then the
     * bytes.
     *
     * @param inbuf    input buffer array
     * @param offset   initial offset in the input buffer
     * @param incount  number of items in the input buffer
     * @param datatype datatype of each item in the input buffer
     * @param outbuf   output buffer
     * @param position initial position in the output buffer
     * @return final position in the output buffer
     * @throws MPIException on bad arguments, an uncommitted or freed type
     *                      (MPI_ERR_TYPE), or an output buffer too small
     *                      (MPI_ERR_TRUNCATE); nothing is written then
     */
    public int Pack(Object inbuf, int offset, int incount, Datatype datatype, byte[] outbuf,
                    int position) throws MPIException {
        String fn = "Comm.Pack";
        Buffers.check(fn, "inbuf", inbuf, datatype);
        Buffers.checkBytes(fn, "outbuf", outbuf);
        try {
            if (datatype.base == Datatype.OBJECT)
                return nPackBytes(handle, encode(fn, inbuf, offset, incount, datatype), outbuf,
                                  position);
            int[] w = Buffers.window(fn, inbuf, offset, incount, datatype);
            return nPack(handle, inbuf, datatype.base, offset, w[0], w[1], incount,
                         datatype.handle(), outbuf, position);
        } finally {
            Reference.reachabilityFence(datatype);
        }
    }

    /**
     * Unpacks a message from a byte array. Java binding of MPI_UNPACK.
     *
     * @param inbuf     input buffer
     * @param position  initial position in the input buffer
     * @param outbuf    output buffer array
     * @param offset    initial offset in the output buffer
     * @param outcount  number of items in the output buffer
     * @param datatype  datatype of each item in the output buffer
     * @return final position in the input buffer
     * @throws MPIException on bad arguments, an uncommitted or freed type, or
     *                      input too short; the output buffer is then
     *                      unchanged
     */
    public int Unpack(byte[] inbuf, int position, Object outbuf, int offset, int outcount,
                      Datatype datatype) throws MPIException {
        String fn = "Comm.Unpack";
        Buffers.checkBytes(fn, "inbuf", inbuf);
        Buffers.check(fn, "outbuf", outbuf, datatype);
        try {
            if (datatype.base == Datatype.OBJECT) {
                int[] idx = datatype.indices(fn, offset, outcount, ((Object[])outbuf).length);
                int[] pos = {position};
                byte[] data = nUnpackBytes(handle, inbuf, pos);
                ObjectCodec.decode(fn, data, (Object[])outbuf, idx, true);
                return pos[0];
            }
            int[] w = Buffers.window(fn, outbuf, offset, outcount, datatype);
            return nUnpack(handle, inbuf, position, outbuf, datatype.base, offset, w[0], w[1],
                           outcount, datatype.handle());
        } finally {
            Reference.reachabilityFence(datatype);
        }
    }

    /**
     * Returns an upper bound on the increment of position that Pack makes.
     * Java binding of MPI_PACK_SIZE. The packed size of MPI.OBJECT elements
     * is known only once they are serialized: such a type is refused.
     *
     * @param incount  number of items in the input buffer
     * @param datatype datatype of each item in the input buffer
     * @return upper bound on size of packed message, in bytes
     * @throws MPIException on a negative count, a freed type, or a type of
     *                      base type Object (MPI_ERR_TYPE)
     */
    public int Pack_size(int incount, Datatype datatype) throws MPIException {
        Buffers.checkType("Comm.Pack_size", datatype);
        if (datatype.base == Datatype.OBJECT)
            throw new MPIException(MPI.ERR_TYPE,
                                   "Comm.Pack_size: the packed size of MPI.OBJECT elements is "
                                       + "known only once they are serialized (Comm.Pack)");
        try {
            return nPackSize(handle, incount, datatype.handle());
        } finally {
            Reference.reachabilityFence(datatype);
        }
    }

    /* The serialization of the objects count copies of type select at offset. */
    static byte[] encode(String fn, Object buf, int offset, int count, Datatype type)
        throws MPIException {
        Object[] objs = (Object[])buf;
        return ObjectCodec.encode(fn, objs, type.indices(fn, offset, count, objs.length));
    }

    private static native int nRank(int comm) throws MPIException;
    private static native int nSize(int comm) throws MPIException;
    /* A buffer is (buf, kind, offset, first, last): elements [first, last)
     * of the array, which Buffers.window checked, and the origin at offset. */
    private static native void nSend(int comm, Object buf, int kind, int offset, int first,
                                     int last, int count, int type, int dest, int tag)
        throws MPIException;
    private static native void nRecv(int comm, Object buf, int kind, int offset, int first,
                                     int last, int count, int type, int source, int tag,
                                     int[] status) throws MPIException;
    private static native byte[] nRecvBytes(int comm, int source, int tag, int[] status)
        throws MPIException;
    private static native void nSendrecv(int comm, Object sbuf, int skind, int soffset,
                                         int sfirst, int slast, int scount, int stype, int dest,
                                         int stag, Object rbuf, int rkind, int roffset,
                                         int rfirst, int rlast, int rcount, int rtype, int source,
                                         int rtag, int[] status) throws MPIException;
    private static native byte[] nSendrecvBytes(int comm, Object sbuf, int skind, int soffset,
                                                int sfirst, int slast, int scount, int stype,
                                                int dest, int stag, int source, int rtag,
                                                int[] status) throws MPIException;
    private static native int nPack(int comm, Object buf, int kind, int offset, int first,
                                    int last, int count, int type, byte[] out, int position)
        throws MPIException;
    private static native int nUnpack(int comm, byte[] in, int position, Object buf, int kind,
                                      int offset, int first, int last, int count, int type)
        throws MPIException;
    private static native int nPackSize(int comm, int count, int type) throws MPIException;
    private static native int nPackBytes(int comm, byte[] data, byte[] out, int position)
        throws MPIException;
    private static native byte[] nUnpackBytes(int comm, byte[] in, int[] position)
        throws MPIException;
}
