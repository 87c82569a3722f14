// SPDX-License-Identifier: BSD-3-Clause
package mpi;

/**
 * Test helper (libtsjtest.so): layouts built through libtypeshim's C API,
 * byte displacements being element displacements times the base type's
 * size, so that the tests can compare them with the binding's.
 */
final class CLayouts {
    static {
        System.loadLibrary("tsjtest");
    }

    private CLayouts() {}

    /** The committed C type of the named layout (tsj_clayouts.c). */
    static native int build(String name);

    /** lb, extent and size of a C type, in bytes. */
    static native long[] bounds(int handle);

    /** MPI_Pack of count copies of handle from buf + offset elements. */
    static native byte[] pack(int handle, Object buf, int elemSize, int offset, int count);

    static native void free(int handle);

    /** typeshim_live_types(). */
    static native long liveTypes();

    /** typeshim_mode(): 0 standalone, 1 layered, 2 disabled. */
    static native int mode();
}
