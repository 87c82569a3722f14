// SPDX-License-Identifier: BSD-3-Clause
package mpi;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * The mpiJava 1.2 binding over typeshim: initialisation, the predefined
 * datatypes and communicator, and constants.
 *
 * <p>A program calls {@link #Init Init} first and {@link #Finalize Finalize}
 * last. Errors are never fatal: MPI.Init gives MPI_COMM_WORLD and
 * MPI_COMM_SELF the error handler MPI_ERRORS_RETURN and every error is
 * thrown as an {@link MPIException} carrying its MPI error class and
 * typeshim's message.
 *
 * <p>The process runs on libtypeshim-serial (one process) or on MPICH with
 * typeshim layered (started by {@code mpiexec.hydra}); {@link #runtime
 * runtime} tells which (typeshim-java(1)).
 */
public class MPI {
    /** Wildcard source of a receive. */
    public static final int ANY_SOURCE = -2;
    /** Wildcard tag of a receive. */
    public static final int ANY_TAG = -1;
    /** The null process: communication with it completes at once. */
    public static final int PROC_NULL = -1;
    /** Undefined value (MPI_UNDEFINED), as Status.getElements returns it. */
    public static final int UNDEFINED = -32766;

    /** No error. */
    public static final int SUCCESS = 0;
    /** Error class MPI_ERR_BUFFER: bad buffer (null, or a layout outside it). */
    public static final int ERR_BUFFER = 1;
    /** Error class MPI_ERR_COUNT: bad count. */
    public static final int ERR_COUNT = 2;
    /** Error class MPI_ERR_TYPE: bad, freed or uncommitted datatype. */
    public static final int ERR_TYPE = 3;
    /** Error class MPI_ERR_TAG: bad tag. */
    public static final int ERR_TAG = 4;
    /** Error class MPI_ERR_COMM: bad communicator. */
    public static final int ERR_COMM = 5;
    /** Error class MPI_ERR_RANK: bad rank. */
    public static final int ERR_RANK = 6;
    /** Error class MPI_ERR_ROOT: bad root. */
    public static final int ERR_ROOT = 7;
    /** Error class MPI_ERR_ARG: bad argument. */
    public static final int ERR_ARG = 12;
    /** Error class MPI_ERR_UNKNOWN. */
    public static final int ERR_UNKNOWN = 13;
    /** Error class MPI_ERR_TRUNCATE: the data does not fit. */
    public static final int ERR_TRUNCATE = 14;
    /** Error class MPI_ERR_OTHER. */
    public static final int ERR_OTHER = 15;
    /** Error class MPI_ERR_INTERN. */
    public static final int ERR_INTERN = 16;
    /** Error class MPI_ERR_NO_MEM. */
    public static final int ERR_NO_MEM = 34;
    /** Error class MPI_ERR_VALUE_TOO_LARGE: a value does not fit its type. */
    public static final int ERR_VALUE_TOO_LARGE = 77;

    /** Base type byte. */
    public static final Datatype BYTE;
    /** Base type char (16 bits). */
    public static final Datatype CHAR;
    /** Base type short. */
    public static final Datatype SHORT;
    /** Base type boolean. */
    public static final Datatype BOOLEAN;
    /** Base type int. */
    public static final Datatype INT;
    /** Base type long. */
    public static final Datatype LONG;
    /** Base type float. */
    public static final Datatype FLOAT;
    /** Base type double. */
    public static final Datatype DOUBLE;
    /** Base type Object: elements are serialized Java objects. */
    public static final Datatype OBJECT;
    /** Lower-bound marker: undefined base type, no element. */
    public static final Datatype LB;
    /** Upper-bound marker: undefined base type, no element. */
    public static final Datatype UB;
    /** Packed data: base type byte. */
    public static final Datatype PACKED;
    /** The communicator of all processes. */
    public static final Intracomm COMM_WORLD;

    private static final int THREAD_MULTIPLE;
    private static volatile int provided = -1;
    private static volatile Thread initThread;
    /* Types the garbage collector released on a thread that may not call MPI
     * (a thread level below MPI_THREAD_MULTIPLE): freed on the next call. */
    private static final ConcurrentLinkedQueue<Integer> deferred = new ConcurrentLinkedQueue<>();
    /* Frees share it; Finalize takes it alone, so no free runs after it. */
    private static final ReentrantReadWriteLock life = new ReentrantReadWriteLock();

    static {
        int[] h = Native.HANDLES;
        BYTE = Datatype.predefined(Datatype.BYTE, Layout.BASIC, h[Native.H_BYTE]);
        CHAR = Datatype.predefined(Datatype.CHAR, Layout.BASIC, h[Native.H_CHAR]);
        SHORT = Datatype.predefined(Datatype.SHORT, Layout.BASIC, h[Native.H_SHORT]);
        BOOLEAN = Datatype.predefined(Datatype.BOOLEAN, Layout.BASIC, h[Native.H_BOOLEAN]);
        INT = Datatype.predefined(Datatype.INT, Layout.BASIC, h[Native.H_INT]);
        LONG = Datatype.predefined(Datatype.LONG, Layout.BASIC, h[Native.H_LONG]);
        FLOAT = Datatype.predefined(Datatype.FLOAT, Layout.BASIC, h[Native.H_FLOAT]);
        DOUBLE = Datatype.predefined(Datatype.DOUBLE, Layout.BASIC, h[Native.H_DOUBLE]);
        OBJECT = Datatype.predefined(Datatype.OBJECT, Layout.BASIC, h[Native.H_OBJECT]);
        LB = Datatype.predefined(Datatype.NONE, Layout.LB, h[Native.H_LB]);
        UB = Datatype.predefined(Datatype.NONE, Layout.UB, h[Native.H_UB]);
        PACKED = Datatype.predefined(Datatype.BYTE, Layout.BASIC, h[Native.H_PACKED]);
        COMM_WORLD = new Intracomm(h[Native.H_COMM_WORLD]);
        THREAD_MULTIPLE = h[Native.H_THREAD_MULTIPLE];
    }

    private MPI() {}

    /**
     * Initialises MPI (MPI_Init_thread, asking for MPI_THREAD_MULTIPLE so
     * that the garbage collector may release datatypes from its own thread)
     * and makes errors on MPI_COMM_WORLD and MPI_COMM_SELF return.
     *
     * @param args the program's arguments
     * @return the arguments (typeshim's runtimes take none of them)
     * @throws MPIException when MPI is already initialised or was finalised
     *                      (MPI_ERR_OTHER), or args is null (MPI_ERR_ARG)
     */
    public static String[] Init(String[] args) throws MPIException {
        if (args == null)
            throw new MPIException(ERR_ARG, "MPI.Init: argument args is null");
        synchronized (MPI.class) {
            provided = nInit(THREAD_MULTIPLE);
            initThread = Thread.currentThread();
        }
        return args.clone();
    }

    /**
     * Finalises MPI. The derived datatypes still alive are freed first, as
     * by their finalize(), which does nothing afterwards.
     *
     * @throws MPIException when MPI is not initialised or already finalised
     *                      (MPI_ERR_OTHER)
     */
    public static void Finalize() throws MPIException {
        life.writeLock().lock();
        try {
            drain();
            if (isActive())
                Datatype.releaseAll();
            nFinalize();
        } finally {
            life.writeLock().unlock();
        }
    }

    /**
     * Whether MPI.Init has been called.
     *
     * @return true after MPI.Init (even after MPI.Finalize)
     */
    public static boolean Initialized() {
        return nState() != 0;
    }

    /**
     * Whether MPI.Finalize has been called.
     *
     * @return true after MPI.Finalize
     */
    public static boolean Finalized() {
        return nState() == 2;
    }

    /**
     * The runtime this process runs on: "serial" (libtypeshim-serial, one
     * process) or "mpich" (MPICH, typeshim layered), chosen when the binding
     * is loaded.
     *
     * @return "serial" or "mpich"
     */
    public static String runtime() {
        return Native.RUNTIME;
    }

    /* Between MPI.Init and MPI.Finalize. */
    static boolean isActive() {
        return nState() == 1;
    }

    /* Every call that builds a type first frees what the collector left. */
    static void enter() {
        if (!deferred.isEmpty())
            drain();
    }

    private static void drain() {
        Integer h;
        while ((h = deferred.poll()) != null) {
            try {
                freeNow(h);
            } catch (MPIException e) {
                /* a type the collector released: nobody to tell */
            }
        }
    }

    /**
     * Frees a derived type's C handle: at once, or, on a thread that may not
     * call MPI now (MPI_Init_thread provided less than MPI_THREAD_MULTIPLE
     * and this is not the thread of MPI.Init: the garbage collector's, for
     * one), on the next call that builds a type. Nothing after
     * MPI.Finalize.
     */
    static void freeType(int h) throws MPIException {
        if (provided != THREAD_MULTIPLE && Thread.currentThread() != initThread) {
            deferred.add(h);
            return;
        }
        freeNow(h);
    }

    private static void freeNow(int h) throws MPIException {
        life.readLock().lock();
        try {
            if (isActive())
                Datatype.nFree(h);
        } finally {
            life.readLock().unlock();
        }
    }

    /* What whileLive runs: a handle's take and free. */
    interface LiveAction {
        void run() throws MPIException;
    }

    /*
     * Runs a handle's take and free under the read lock, on every path that
     * frees a derived type (the collector's cleaning action, finalize() on
     * the program's thread or the JVM's finalizer thread). MPI.Finalize (the
     * write lock) then finds each handle still in the live set, or already
     * freed. It can no longer find one taken but not yet freed, which it
     * would leak: under load both the collector's and the finalizer's
     * threads were seen between the two.
     */
    static void whileLive(LiveAction action) throws MPIException {
        life.readLock().lock();
        try {
            action.run();
        } finally {
            life.readLock().unlock();
        }
    }

    /* Test hook: what MPI_Init_thread provided. */
    static int threadLevel() {
        return provided;
    }

    /* Test hook: pretend MPI_Init_thread provided less (deferred frees). */
    static void setThreadLevel(int level) {
        provided = level;
    }

    /* Test hook: the number of frees waiting. */
    static int deferredFrees() {
        return deferred.size();
    }

    private static native int nInit(int required) throws MPIException;
    private static native void nFinalize() throws MPIException;
    /* 0 before MPI.Init, 1 between, 2 after MPI.Finalize. */
    private static native int nState();
}
