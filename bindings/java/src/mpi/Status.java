// SPDX-License-Identifier: BSD-3-Clause
package mpi;

import java.lang.ref.Reference;

/**
 * The status of a completed receive.
 */
public class Status {
    /** Words of MPICH's MPI_Status. */
    static final int WORDS = 5;

    /** Rank of the sender. */
    public int source;
    /** Tag of the message. */
    public int tag;

    /* MPICH's MPI_Status, as the C call filled it. */
    final int[] raw;
    /* Objects received, for a receive of MPI.OBJECT elements; -1 otherwise. */
    int objects = -1;

    static {
        Native.load();
    }

    Status(int[] raw) {
        this.raw = raw;
        this.source = raw[2];
        this.tag = raw[3];
    }

    /**
     * Retrieves the number of basic elements received. Java binding of
     * MPI_GET_ELEMENTS: each element of a Java array is a basic element, so
     * this counts buffer elements (objects, for MPI.OBJECT).
     *
     * @param datatype datatype used by the receive operation
     * @return number of received basic elements, or MPI.UNDEFINED when the
     *         data is not a whole number of them
     * @throws MPIException on a null or freed datatype
     */
    public int getElements(Datatype datatype) throws MPIException {
        if (datatype == null)
            throw new MPIException(MPI.ERR_TYPE, "Status.getElements: argument datatype is null");
        try {
            if (objects >= 0 && datatype.base == Datatype.OBJECT)
                return objects;
            long n = nElements(raw, datatype.handle());
            if (n != (int)n)
                throw new MPIException(MPI.ERR_VALUE_TOO_LARGE,
                                       "Status.getElements: " + n + " does not fit a Java int");
            return (int)n;
        } finally {
            Reference.reachabilityFence(datatype);
        }
    }

    /**
     * The original mpiJava 1.2 spelling of {@link #getElements getElements}.
     *
     * @param datatype datatype used by the receive operation
     * @return number of received basic elements
     * @throws MPIException as getElements
     */
    public int Get_elements(Datatype datatype) throws MPIException {
        return getElements(datatype);
    }

    private static native long nElements(int[] raw, int type) throws MPIException;
}
