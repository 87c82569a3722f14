// SPDX-License-Identifier: BSD-3-Clause
package mpi;

/**
 * An MPI error: its MPI error class (MPI.ERR_*) and the message, which names
 * the call and the argument at fault. Errors that libtypeshim or the runtime
 * detect carry typeshim's message (MPI_Error_string); those the binding
 * detects before any native access (null arrays, offsets outside an array,
 * mixed base types) carry the binding's, in the same form.
 */
public class MPIException extends Exception {
    private static final long serialVersionUID = 1L;

    /** The MPI error class (MPI.ERR_*). */
    private final int errorClass;

    /**
     * An exception of class MPI_ERR_OTHER.
     *
     * @param message what went wrong
     */
    public MPIException(String message) {
        this(MPI.ERR_OTHER, message);
    }

    /**
     * An exception of the given class.
     *
     * @param errorClass an MPI error class (MPI.ERR_*)
     * @param message    what went wrong
     */
    public MPIException(int errorClass, String message) {
        super(message);
        this.errorClass = errorClass;
    }

    /**
     * The MPI error class.
     *
     * @return one of MPI.ERR_*
     */
    public int getErrorClass() {
        return errorClass;
    }
}
