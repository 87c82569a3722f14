// SPDX-License-Identifier: BSD-3-Clause
package mpi;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;

import java.util.Arrays;
import org.junit.Test;

/**
 * Bad input: each is an MPIException with its MPI error class and a message
 * naming the call (typeshim's, where libtypeshim or the runtime found it);
 * nothing is written, the JVM goes on.
 */
public class ErrorTest {
    private static final Intracomm W = MPI.COMM_WORLD;

    @Test
    public void nullArrays() {
        T.fails(MPI.ERR_ARG, () -> MPI.INT.indexed(null, new int[1]), "Datatype.indexed",
                "arrayOfBlocklengths is null");
        T.fails(MPI.ERR_ARG, () -> MPI.INT.hindexed(new int[1], null), "Datatype.hindexed",
                "arrayOfDisplacements is null");
        T.fails(MPI.ERR_ARG, () -> Datatype.struct(new int[1], new int[1], null),
                "Datatype.struct", "arrayOfTypes is null");
        T.fails(MPI.ERR_TYPE,
                () -> Datatype.struct(new int[] {1, 1}, new int[2], new Datatype[] {MPI.INT, null}),
                "arrayOfTypes[1] is null");
        T.fails(MPI.ERR_BUFFER, () -> W.Pack(null, 0, 1, MPI.INT, new byte[8], 0), "Comm.Pack",
                "inbuf is null");
        T.fails(MPI.ERR_BUFFER, () -> W.Pack(new int[1], 0, 1, MPI.INT, null, 0), "Comm.Pack",
                "outbuf is null");
        T.fails(MPI.ERR_BUFFER, () -> W.Unpack(new byte[4], 0, null, 0, 1, MPI.INT),
                "Comm.Unpack", "outbuf is null");
        T.fails(MPI.ERR_BUFFER, () -> W.Recv(null, 0, 1, MPI.INT, 0, 0), "Comm.Recv",
                "buf is null");
        T.fails(MPI.ERR_BUFFER, () -> W.Send(null, 0, 1, MPI.INT, 0, 0), "Comm.Send");
        T.fails(MPI.ERR_TYPE, () -> W.Send(new int[1], 0, 1, null, 0, 0), "Comm.Send",
                "datatype is null");
        T.fails(MPI.ERR_TYPE, () -> W.Pack_size(1, null), "Comm.Pack_size");
    }

    @Test
    public void arraysOfDifferentLengths() {
        T.fails(MPI.ERR_ARG, () -> MPI.INT.indexed(new int[2], new int[3]), "Datatype.indexed",
                "arrayOfDisplacements has 3 entries but arrayOfBlocklengths has 2");
        T.fails(MPI.ERR_ARG, () -> MPI.INT.hindexed(new int[2], new int[1]),
                "Datatype.hindexed");
        T.fails(MPI.ERR_ARG,
                () -> Datatype.struct(new int[2], new int[2], new Datatype[] {MPI.INT}),
                "Datatype.struct", "arrayOfTypes has 1 entries");
    }

    @Test
    public void negativeCountsAreTypeshims() {
        T.fails(MPI.ERR_COUNT, () -> MPI.INT.contiguous(-1), "Datatype.contiguous",
                "MPI_Type_contiguous", "count=-1");
        T.fails(MPI.ERR_COUNT, () -> MPI.INT.vector(-2, 1, 1), "Datatype.vector",
                "MPI_Type_vector");
        T.fails(MPI.ERR_COUNT, () -> MPI.INT.vector(2, -1, 1), "Datatype.vector",
                "blocklength=-1");
        T.fails(MPI.ERR_COUNT, () -> MPI.INT.hvector(-1, 1, 1), "Datatype.hvector");
        T.fails(MPI.ERR_COUNT, () -> MPI.INT.indexed(new int[] {1, -3}, new int[2]),
                "Datatype.indexed", "MPI_Type_indexed", "array_of_blocklengths[1]=-3");
        T.fails(MPI.ERR_COUNT,
                () -> Datatype.struct(new int[] {-1}, new int[1], new Datatype[] {MPI.INT}),
                "Datatype.struct", "array_of_blocklengths[0]=-1");
        T.fails(MPI.ERR_COUNT, () -> W.Pack(new int[4], 0, -1, MPI.INT, new byte[16], 0),
                "Comm.Pack", "count");
        T.fails(MPI.ERR_COUNT, () -> W.Send(new int[4], 0, -1, MPI.INT, 0, 0), "Comm.Send",
                "count");
        T.fails(MPI.ERR_COUNT, () -> W.Pack_size(-1, MPI.INT), "Comm.Pack_size");
        T.fails(MPI.ERR_COUNT, () -> W.Send(new Object[1], 0, -1, MPI.OBJECT, 0, 0),
                "Comm.Send", "count");
    }

    @Test
    public void offsetsAndLayoutsOutsideTheArray() throws MPIException {
        Datatype v = T.committed(MPI.INT.vector(3, 1, 4)); /* elements 0, 4, 8 */
        int[] a = new int[10];
        T.fails(MPI.ERR_BUFFER, () -> W.Pack(a, -1, 1, MPI.INT, new byte[4], 0), "Comm.Pack",
                "offset -1 is outside the buffer (of length 10)");
        T.fails(MPI.ERR_BUFFER, () -> W.Pack(a, 11, 0, MPI.INT, new byte[4], 0), "offset 11");
        T.fails(MPI.ERR_BUFFER, () -> W.Pack(a, 2, 1, v, new byte[64], 0),
                "1 copies of the datatype at offset 2 touch elements [2, 11)");
        T.fails(MPI.ERR_BUFFER, () -> W.Pack(a, 0, 2, v, new byte[64], 0), "[0, 18)");
        /* a negative lower bound reaches before the array */
        Datatype back = T.committed(MPI.INT.vector(2, 1, -3)); /* elements 0, -3 */
        T.fails(MPI.ERR_BUFFER, () -> W.Send(a, 2, 1, back, 0, 0), "Comm.Send", "[-1, 3)");
        int[] dst = new int[10];
        Arrays.fill(dst, 5);
        T.fails(MPI.ERR_BUFFER, () -> W.Recv(dst, 9, 1, v, 0, 0), "Comm.Recv");
        T.fails(MPI.ERR_BUFFER, () -> W.Unpack(new byte[64], 0, dst, 3, 1, v), "Comm.Unpack");
        T.fails(MPI.ERR_BUFFER, () -> W.Bcast(dst, 3, 1, v, 0), "Intracomm.Bcast");
        Datatype o3 = T.committed(MPI.OBJECT.contiguous(3));
        T.fails(MPI.ERR_BUFFER, () -> W.Send(new Object[3], 1, 1, o3, 0, 0), "Comm.Send",
                "[1, 4)");
        int[] full = new int[10];
        Arrays.fill(full, 5);
        assertArrayEquals(full, dst);
        /* huge counts: checked, never touched */
        T.fails(MPI.ERR_BUFFER, () -> W.Pack(a, 0, Integer.MAX_VALUE, v, new byte[8], 0),
                "Comm.Pack");
    }

    @Test
    public void uncommittedTypes() throws MPIException {
        Datatype t = MPI.INT.contiguous(2);
        T.fails(MPI.ERR_TYPE, () -> W.Pack(new int[2], 0, 1, t, new byte[8], 0), "Comm.Pack",
                "not committed");
        T.fails(MPI.ERR_TYPE, () -> W.Send(new int[2], 0, 1, t, 0, 0), "Comm.Send",
                "not committed");
        T.fails(MPI.ERR_TYPE, () -> W.Recv(new int[2], 0, 1, t, 0, 0), "Comm.Recv",
                "not committed");
        Datatype o = MPI.OBJECT.contiguous(2);
        T.fails(MPI.ERR_TYPE, () -> W.Send(new Object[2], 0, 1, o, 0, 0), "Comm.Send",
                "not committed");
    }

    @Test
    public void freedTypes() throws MPIException {
        Datatype t = MPI.INT.contiguous(2);
        t.commit();
        t.finalize();
        T.fails(MPI.ERR_TYPE, () -> t.extent(), "MPI_DATATYPE_NULL");
        T.fails(MPI.ERR_TYPE, () -> t.contiguous(2), "Datatype.contiguous", "MPI_DATATYPE_NULL");
        T.fails(MPI.ERR_TYPE, () -> t.commit(), "Datatype.commit");
        T.fails(MPI.ERR_TYPE, () -> W.Pack(new int[2], 0, 1, t, new byte[8], 0), "Comm.Pack");
        T.fails(MPI.ERR_TYPE, () -> W.Send(new int[2], 0, 1, t, 0, 0), "Comm.Send");
        T.fails(MPI.ERR_TYPE,
                () -> Datatype.struct(new int[] {1}, new int[1], new Datatype[] {t}),
                "Datatype.struct");
        Datatype m = Datatype.struct(new int[] {1}, new int[] {2}, new Datatype[] {MPI.UB});
        m.finalize();
        /* a freed type of no base type, beside doubles */
        T.fails(MPI.ERR_TYPE,
                () -> Datatype.struct(new int[] {1, 1}, new int[2], new Datatype[] {m, MPI.DOUBLE}),
                "Datatype.struct");
        T.fails(MPI.ERR_TYPE, () -> new Status(new int[5]).getElements(t), "Status.getElements");
    }

    @Test
    public void predefinedTypesCannotBeFreed() throws MPIException {
        T.fails(MPI.ERR_TYPE, () -> MPI.INT.finalize(), "Datatype.finalize", "predefined");
        T.fails(MPI.ERR_TYPE, () -> MPI.LB.finalize(), "Datatype.finalize", "MPI_LB");
        T.bounds(MPI.INT, 0, 1, 1, 1);
    }

    @Test
    public void structOfMixedBaseTypes() {
        T.fails(MPI.ERR_TYPE,
                () -> Datatype.struct(new int[] {1, 1, 1}, new int[] {0, 1, 2},
                                      new Datatype[] {MPI.LB, MPI.INT, MPI.DOUBLE}),
                "Datatype.struct", "arrayOfTypes[1] has base type int",
                "arrayOfTypes[2] has base type double");
        T.fails(MPI.ERR_TYPE,
                () -> Datatype.struct(new int[] {1, 1}, new int[2],
                                      new Datatype[] {MPI.OBJECT.contiguous(2), MPI.BYTE}),
                "base type Object", "base type byte");
    }

    @Test
    public void packIntoTooSmallAnArray() {
        byte[] out = new byte[10];
        Arrays.fill(out, (byte)3);
        T.fails(MPI.ERR_TRUNCATE, () -> W.Pack(new int[3], 0, 3, MPI.INT, out, 0), "Comm.Pack",
                "MPI_Pack", "do not fit");
        T.fails(MPI.ERR_TRUNCATE, () -> W.Pack(new int[3], 0, 1, MPI.INT, out, 8), "Comm.Pack");
        byte[] threes = new byte[10];
        Arrays.fill(threes, (byte)3);
        assertArrayEquals(threes, out);
        T.fails(MPI.ERR_ARG, () -> W.Pack(new int[3], 0, 1, MPI.INT, out, -1), "Comm.Pack");
    }

    @Test
    public void unpackPastTheInput() {
        int[] dst = {1, 1};
        T.fails(MPI.ERR_TRUNCATE, () -> W.Unpack(new byte[6], 0, dst, 0, 2, MPI.INT),
                "Comm.Unpack");
        assertArrayEquals(new int[] {1, 1}, dst);
    }

    @Test
    public void bufferOfTheWrongClass() {
        T.fails(MPI.ERR_TYPE, () -> W.Pack(new int[4], 0, 1, MPI.DOUBLE, new byte[8], 0),
                "Comm.Pack", "int[] but the datatype's base type is double");
        T.fails(MPI.ERR_TYPE, () -> W.Send(new double[1], 0, 1, MPI.OBJECT, 0, 0),
                "base type is Object");
        T.fails(MPI.ERR_BUFFER, () -> W.Recv("text", 0, 1, MPI.CHAR, 0, 0), "String",
                "not an array");
        T.fails(MPI.ERR_BUFFER, () -> W.Pack("text", 0, 1, MPI.LB, new byte[8], 0),
                "String", "not an array");
    }

    /** The runtime's message reaches Java, not only its class's sentence
     *  ("Comm.Sendrecv: Message truncated"), and the Java method is named
     *  once even where typeshim wrote the message for it. */
    @Test
    public void runtimeMessagesReachJava() throws MPIException {
        int[] dst = {-1, -1};
        T.once(T.fails(MPI.ERR_TRUNCATE,
                       () -> W.Sendrecv(new int[] {1, 2, 3}, 0, 3, MPI.INT, 0, 31, dst, 0, 2,
                                        MPI.INT, 0, 31),
                       "Comm.Sendrecv: MPI_Sendrecv: Message truncated: 12 bytes arrived (tag 31), "
                           + "the receive buffer (count=2) holds 8"),
               "Comm.Sendrecv", "MPI_Sendrecv");
        assertArrayEquals(new int[] {-1, -1}, dst);
        T.once(T.fails(MPI.ERR_RANK, () -> W.Send(new int[1], 0, 1, MPI.INT, 3, 0),
                       "Comm.Send: MPI_Send(dest=3): Invalid rank"),
               "Comm.Send", "MPI_Send");
        T.once(T.fails(MPI.ERR_TAG, () -> W.Recv(new int[1], 0, 1, MPI.INT, 0, -5),
                       "Comm.Recv: MPI_Recv(tag=-5): Invalid tag"),
               "Comm.Recv", "MPI_Recv");
        Datatype t = MPI.INT.contiguous(2);
        T.once(T.fails(MPI.ERR_TYPE, () -> W.Send(new int[2], 0, 1, t, 0, 0),
                       "Comm.Send: argument datatype=", "is not committed"),
               "Comm.Send");
        T.once(T.fails(MPI.ERR_TYPE, () -> W.Sendrecv(new int[2], 0, 1, MPI.INT, 0, 0,
                                                      new int[2], 0, 1, t, 0, 0),
                       "Comm.Sendrecv: argument datatype=", "is not committed"),
               "Comm.Sendrecv");
        t.finalize();
    }

    @Test
    public void badRanksAndTagsAreTheRuntimes() {
        T.fails(MPI.ERR_RANK, () -> W.Send(new int[1], 0, 1, MPI.INT, 3, 0), "Comm.Send");
        T.fails(MPI.ERR_TAG, () -> W.Send(new int[1], 0, 1, MPI.INT, 0, -5), "Comm.Send");
        T.fails(MPI.ERR_RANK, () -> W.Recv(new int[1], 0, 1, MPI.INT, 7, 0), "Comm.Recv");
    }

    @Test
    public void valuesTooLargeForAnInt() throws MPIException {
        /* 2^32 elements */
        Datatype big = MPI.BYTE.contiguous(1 << 16).contiguous(1 << 16);
        T.fails(MPI.ERR_VALUE_TOO_LARGE, () -> big.extent(), "Datatype.extent");
        T.fails(MPI.ERR_VALUE_TOO_LARGE, () -> big.size(), "Datatype.size");
        assertEquals(0, big.lb());
    }

    @Test
    public void initTwice() {
        T.fails(MPI.ERR_OTHER, () -> MPI.Init(new String[0]), "MPI.Init", "already initialized");
        T.fails(MPI.ERR_ARG, () -> MPI.Init(null), "MPI.Init");
    }
}
