// SPDX-License-Identifier: BSD-3-Clause
package mpi;

/**
 * Loads the JNI library of the runtime this process runs on, and reads the C
 * handles of the predefined objects from it.
 *
 * <p>Two libraries carry the same JNI glue: {@code libtypeshim-java.so},
 * linked with libtypeshim-serial (one process, every message to itself), and
 * {@code libtypeshim-java-mpich.so}, linked with libtypeshim ahead of MPICH
 * (typeshim layered over MPICH: typeshim builds the datatypes, MPICH moves the
 * messages). The system property {@code typeshim.runtime}, else the
 * environment variable {@code TYPESHIM_JAVA_RUNTIME}, names one:
 * {@code serial} or {@code mpich}; without either, a process started by
 * MPICH's launcher (its environment has {@code PMI_RANK} or {@code PMI_FD})
 * gets {@code mpich}, any other {@code serial}.
 */
final class Native {
    /* Indices into HANDLES (tsj_env.c fills it in this order). */
    static final int H_BYTE = 0, H_CHAR = 1, H_SHORT = 2, H_BOOLEAN = 3, H_INT = 4, H_LONG = 5,
                     H_FLOAT = 6, H_DOUBLE = 7, H_OBJECT = 8, H_LB = 9, H_UB = 10, H_PACKED = 11,
                     H_DATATYPE_NULL = 12, H_COMM_WORLD = 13, H_THREAD_MULTIPLE = 14;

    /** "serial" or "mpich". */
    static final String RUNTIME = choose();
    static final int[] HANDLES;

    static {
        String lib = RUNTIME.equals("mpich") ? "typeshim-java-mpich" : "typeshim-java";
        try {
            System.loadLibrary(lib);
        } catch (UnsatisfiedLinkError e) {
            UnsatisfiedLinkError u = new UnsatisfiedLinkError(
                "the typeshim Java binding needs lib" + lib + ".so (runtime " + RUNTIME
                + ") on java.library.path (" + System.getProperty("java.library.path")
                + "): run the program with typeshim-java, or give -Djava.library.path=<the "
                + "directory of libtypeshim.so>");
            u.initCause(e);
            throw u;
        }
        HANDLES = nHandles();
    }

    private Native() {}

    private static String choose() {
        String r = System.getProperty("typeshim.runtime");
        if (r == null || r.isEmpty())
            r = System.getenv("TYPESHIM_JAVA_RUNTIME");
        if (r == null || r.isEmpty())
            r = System.getenv("PMI_RANK") != null || System.getenv("PMI_FD") != null ? "mpich"
                                                                                   : "serial";
        if (!r.equals("serial") && !r.equals("mpich"))
            throw new IllegalArgumentException("typeshim.runtime=" + r
                                               + ": the runtime is serial or mpich");
        return r;
    }

    /** Loads the library (class initialisation does it once). */
    static void load() {}

    private static native int[] nHandles();
}
