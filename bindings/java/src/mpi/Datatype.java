// SPDX-License-Identifier: BSD-3-Clause
package mpi;

import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A datatype of the mpiJava 1.2 binding: a sequence of displacements into a
 * Java array, all of one base type.
 *
 * <p>Every displacement, stride, extent, size, lower and upper bound of this
 * class is in elements of the base type (buffer subscripts), never in bytes:
 * {@link #hvector hvector} and {@link #hindexed hindexed} included, as the
 * mpiJava 1.2 specification requires. Each datatype is a C datatype of
 * libtypeshim built with byte displacements (elements times the size of the
 * base type); its answers are converted back to elements. Where the
 * specification's bounds differ from those C MPI gives the same layout (an
 * old type with no elements placed away from the others), the C type is
 * resized to the specification's bounds, so that messages of several copies
 * are laid out as the specification says.
 *
 * <p>A derived datatype holds a C handle until {@link #finalize finalize}
 * releases it, or until the garbage collector finds the object unreachable.
 */
public class Datatype {
    /* Base types. NONE is the specification's undefined base type (MPI.LB, MPI.UB). */
    static final int NONE = 0, BYTE = 1, CHAR = 2, SHORT = 3, BOOLEAN = 4, INT = 5, LONG = 6,
                     FLOAT = 7, DOUBLE = 8, OBJECT = 9;
    /* Bytes per element of each base type in C: the JNI types, an int index for
     * Object (the C carrier of MPI.OBJECT layouts), 1 for the undefined base. */
    private static final int[] SCALE = {1, 1, 2, 2, 1, 4, 8, 4, 8, 4};
    private static final String[] NAME = {"undefined", "byte",  "char",  "short", "boolean",
                                          "int",       "long",  "float", "double", "Object"};
    private static final Cleaner CLEANER = Cleaner.create();
    /* The handles of the derived types not yet freed (MPI.Finalize frees them). */
    private static final Set<Handle> LIVE = ConcurrentHashMap.newKeySet();

    static {
        Native.load();
    }

    /** The C handle of MPI_DATATYPE_NULL, which a freed datatype holds. */
    static final int NULL_HANDLE = Native.HANDLES[Native.H_DATATYPE_NULL];

    final int base;
    final Layout layout;
    private final Handle handle;
    private final Cleaner.Cleanable cleanable;

    /**
     * The C handle, shared with the cleaning action: taken once, by whichever
     * of finalize() and the garbage collector comes first.
     */
    private static final class Handle implements Runnable {
        private final AtomicInteger value;

        Handle(int h) {
            value = new AtomicInteger(h);
        }

        int get() {
            return value.get();
        }

        int take() {
            int h = value.getAndSet(NULL_HANDLE);
            LIVE.remove(this);
            return h;
        }

        /* The garbage collector's path: no exception can be reported here.
         * The handle is taken and freed under MPI's read lock (whileLive). */
        @Override
        public void run() {
            try {
                MPI.whileLive(() -> {
                    int h = take();
                    if (h != NULL_HANDLE)
                        MPI.freeType(h);
                });
            } catch (MPIException e) {
                /* nobody to tell */
            }
        }
    }

    private Datatype(int base, Layout layout, int h, boolean predefined) {
        this.base = base;
        this.layout = layout;
        this.handle = new Handle(h);
        if (!predefined)
            LIVE.add(handle);
        this.cleanable = predefined ? null : CLEANER.register(this, handle);
    }

    /**
     * Frees the C handle of every derived type still alive, before
     * MPI_Finalize: the objects stay, freed, as after finalize().
     */
    static void releaseAll() {
        for (Handle h : LIVE) {
            int v = h.take();
            if (v != NULL_HANDLE) {
                try {
                    nFree(v);
                } catch (MPIException e) {
                    /* MPI_Finalize releases it anyway */
                }
            }
        }
    }

    /** A predefined datatype (never freed). */
    static Datatype predefined(int base, Layout layout, int h) {
        return new Datatype(base, layout, h, true);
    }

    /** The C handle (MPI_DATATYPE_NULL once freed). */
    int handle() {
        return handle.get();
    }

    /** Bytes per element of this type's base type in C. */
    int scale() {
        return SCALE[base];
    }

    static String baseName(int base) {
        return NAME[base];
    }

    /** The specification's layout of a new type, computed from its old types. */
    private interface Model {
        /** @throws ArithmeticException when a bound does not fit 64 bits */
        Layout compute();
    }

    /**
     * Gives the C type {@code h}, just built with MPI semantics, the bounds of
     * the specification's layout and wraps it. On failure the C type has
     * been freed.
     */
    private static Datatype derived(int base, Model model, int h) throws MPIException {
        long s = SCALE[base];
        Layout l;
        long lb, extent;
        try {
            l = model.compute();
            lb = Math.multiplyExact(l.lb(), s);
            extent = Math.multiplyExact(l.extent(), s);
        } catch (ArithmeticException e) {
            nFree(h);
            throw new MPIException(MPI.ERR_VALUE_TOO_LARGE,
                                   "Datatype: the bounds of the new type do not fit 64 bits");
        }
        return new Datatype(base, l, nFix(h, lb, extent), false);
    }

    // ------------------------------------------------------------ constructors

    /**
     * Constructs a new datatype representing replication of this datatype
     * into contiguous locations. Java binding of MPI_TYPE_CONTIGUOUS. The
     * displacement sequence has count &middot; n entries: each entry of this
     * type, displaced by ex &middot; i for i in [0, count), ex being this type's
     * extent.
     *
     * @param count replication count
     * @return new datatype, with this type's base type
     * @throws MPIException on a negative count (MPI_ERR_COUNT) or a freed
     *                      type (MPI_ERR_TYPE)
     */
    public Datatype contiguous(int count) throws MPIException {
        MPI.enter();
        try {
            int h = nContiguous(count, handle());
            return derived(base, () -> {
                Layout.Builder b = new Layout.Builder();
                if (count > 0)
                    b.add(layout, count, Layout.progression(0, layout.extent(), count));
                return b.build();
            }, h);
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    /**
     * Constructs a new datatype of count equally spaced blocks of
     * blocklength copies of this type, the blocks stride extents of this
     * type apart. Java binding of MPI_TYPE_VECTOR. Entry (i, j) of the new
     * displacement sequence is this type's sequence displaced by
     * ex &middot; (stride &middot; i + j).
     *
     * @param count       number of blocks
     * @param blocklength number of elements in each block
     * @param stride      number of elements (extents of this type) between the
     *                    starts of the blocks
     * @return new datatype, with this type's base type
     * @throws MPIException on a negative count or blocklength, or a freed type
     */
    public Datatype vector(int count, int blocklength, int stride) throws MPIException {
        MPI.enter();
        try {
            int h = nVector(count, blocklength, stride, handle());
            return derived(base, () -> {
                Layout.Builder b = new Layout.Builder();
                if (count > 0 && blocklength > 0) {
                    /* offsets ex * k, k from the first block's start to the last one's end */
                    long[] k = Layout.progression(0, stride, count);
                    long ex = layout.extent();
                    long a = Math.multiplyExact(ex, k[0]);
                    long z = Math.multiplyExact(ex, Math.addExact(k[1], blocklength - 1));
                    b.add(layout, (long)count * blocklength, Math.min(a, z), Math.max(a, z));
                }
                return b.build();
            }, h);
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    /**
     * Like {@link #vector vector}, except that stride is a buffer index (a
     * number of elements of the base type) rather than a number of extents
     * of this type. Java binding of MPI_TYPE_HVECTOR; unlike other language
     * bindings, stride is not measured in bytes. Entry (i, j) is this type's
     * sequence displaced by stride &middot; i + ex &middot; j.
     *
     * @param count       number of blocks
     * @param blocklength number of elements in each block
     * @param stride      number of elements between the starts of the blocks
     * @return new datatype, with this type's base type
     * @throws MPIException on a negative count or blocklength, or a freed type
     */
    public Datatype hvector(int count, int blocklength, int stride) throws MPIException {
        MPI.enter();
        try {
            int h = nHvector(count, blocklength, (long)stride * scale(), handle());
            return derived(base, () -> {
                Layout.Builder b = new Layout.Builder();
                if (count > 0 && blocklength > 0) {
                    long[] i = Layout.progression(0, stride, count);
                    long[] j = Layout.progression(0, layout.extent(), blocklength);
                    b.add(layout, (long)count * blocklength, Math.addExact(i[0], j[0]),
                          Math.addExact(i[1], j[1]));
                }
                return b.build();
            }, h);
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    /**
     * Constructs a new datatype of blocks of copies of this type, each block
     * with its own length and displacement. Java binding of
     * MPI_TYPE_INDEXED. Block i holds arrayOfBlocklengths[i] copies, the
     * first displaced by ex &middot; arrayOfDisplacements[i].
     *
     * @param arrayOfBlocklengths  number of elements per block
     * @param arrayOfDisplacements displacement of each block in units of this
     *                             type's extent; as long as the first array
     * @return new datatype, with this type's base type
     * @throws MPIException on null arrays or arrays of different lengths
     *                      (MPI_ERR_ARG), a negative blocklength, a freed type
     */
    public Datatype indexed(int[] arrayOfBlocklengths, int[] arrayOfDisplacements)
        throws MPIException {
        MPI.enter();
        try {
            checkBlocks("Datatype.indexed", arrayOfBlocklengths, arrayOfDisplacements, null);
            int h = nIndexed(arrayOfBlocklengths, arrayOfDisplacements, handle());
            return derived(base, () -> {
                Layout.Builder b = new Layout.Builder();
                long ex = layout.extent();
                for (int i = 0; i < arrayOfBlocklengths.length; i++) {
                    int n = arrayOfBlocklengths[i];
                    if (n > 0)
                        b.add(layout, n,
                              Layout.progression(Math.multiplyExact(ex, arrayOfDisplacements[i]),
                                                 ex, n));
                }
                return b.build();
            }, h);
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    /**
     * Like {@link #indexed indexed}, except that the displacements are buffer
     * indices (numbers of elements of the base type) rather than numbers of
     * extents of this type. Java binding of MPI_TYPE_HINDEXED; unlike other
     * language bindings, the displacements are not measured in bytes.
     *
     * @param arrayOfBlocklengths  number of elements per block
     * @param arrayOfDisplacements displacement in the buffer of each block
     * @return new datatype, with this type's base type
     * @throws MPIException as {@link #indexed indexed}
     */
    public Datatype hindexed(int[] arrayOfBlocklengths, int[] arrayOfDisplacements)
        throws MPIException {
        MPI.enter();
        try {
            checkBlocks("Datatype.hindexed", arrayOfBlocklengths, arrayOfDisplacements, null);
            int h = nHindexed(arrayOfBlocklengths, bytes(arrayOfDisplacements, scale()), handle());
            return derived(base, () -> {
                Layout.Builder b = new Layout.Builder();
                long ex = layout.extent();
                for (int i = 0; i < arrayOfBlocklengths.length; i++) {
                    int n = arrayOfBlocklengths[i];
                    if (n > 0)
                        b.add(layout, n, Layout.progression(arrayOfDisplacements[i], ex, n));
                }
                return b.build();
            }, h);
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    /**
     * The most general type constructor. Java binding of MPI_TYPE_STRUCT.
     * Block i holds arrayOfBlocklengths[i] copies of arrayOfTypes[i], the
     * first displaced by arrayOfDisplacements[i] elements (not bytes). All
     * types of definite base type must have the same base type, which the new
     * type takes; MPI.LB and MPI.UB (and types built only from them) have
     * none: their displacements bound the new type without adding entries.
     *
     * @param arrayOfBlocklengths  number of elements per block
     * @param arrayOfDisplacements displacement in the buffer of each block
     * @param arrayOfTypes         type of the elements of each block
     * @return new datatype
     * @throws MPIException on null arrays or elements, arrays of different
     *                      lengths (MPI_ERR_ARG), types of two different base
     *                      types (MPI_ERR_TYPE, naming both), a negative
     *                      blocklength, a freed type
     */
    public static Datatype struct(int[] arrayOfBlocklengths, int[] arrayOfDisplacements,
                                  Datatype[] arrayOfTypes) throws MPIException {
        MPI.enter();
        int[] subst = null;
        try {
            if (arrayOfTypes == null)
                throw new MPIException(MPI.ERR_ARG, "Datatype.struct: argument arrayOfTypes is null");
            checkBlocks("Datatype.struct", arrayOfBlocklengths, arrayOfDisplacements,
                        arrayOfTypes);
            int base = structBase(arrayOfTypes);
            int s = SCALE[base];
            int n = arrayOfTypes.length;
            int[] handles = new int[n];
            subst = new int[n];
            for (int i = 0; i < n; i++) {
                handles[i] = arrayOfTypes[i].handle();
                subst[i] = NULL_HANDLE;
                if (s != 1 && arrayOfTypes[i].needsScaling(handles[i]))
                    handles[i] = subst[i] = arrayOfTypes[i].markers(s);
            }
            int h = nStruct(arrayOfBlocklengths, bytes(arrayOfDisplacements, s), handles);
            return derived(base, () -> {
                Layout.Builder b = new Layout.Builder();
                for (int i = 0; i < n; i++) {
                    int len = arrayOfBlocklengths[i];
                    Layout old = arrayOfTypes[i].layout;
                    if (len > 0)
                        b.add(old, len,
                              Layout.progression(arrayOfDisplacements[i], old.extent(), len));
                }
                return b.build();
            }, h);
        } finally {
            if (subst != null)
                for (int h : subst)
                    if (h != NULL_HANDLE)
                        nFree(h);
            Reference.reachabilityFence(arrayOfTypes);
        }
    }

    /* The common base type of a struct's types, ignoring undefined ones. */
    private static int structBase(Datatype[] types) throws MPIException {
        int base = NONE, first = -1;
        for (int i = 0; i < types.length; i++) {
            int b = types[i].base;
            if (b == NONE)
                continue;
            if (base == NONE) {
                base = b;
                first = i;
            } else if (b != base) {
                throw new MPIException(MPI.ERR_TYPE,
                                       "Datatype.struct: arrayOfTypes[" + first + "] has base type "
                                           + NAME[base] + " but arrayOfTypes[" + i
                                           + "] has base type " + NAME[b]
                                           + ": a derived type has a single base type");
            }
        }
        return base;
    }

    /*
     * A type of undefined base type built by the binding is a C type whose
     * byte displacements equal its element displacements; in a struct of base
     * size s != 1 it is replaced by its markers scaled by s. The predefined
     * MPI.LB and MPI.UB are markers at 0 and need no scaling; a freed type is
     * passed on so that libtypeshim reports it.
     */
    private boolean needsScaling(int h) {
        return base == NONE && cleanable != null && h != NULL_HANDLE;
    }

    /* The C struct of this (undefined base) type's markers, s bytes per element. */
    private int markers(int s) throws MPIException {
        int n = (layout.hasLb ? 1 : 0) + (layout.hasUb ? 1 : 0);
        int[] lens = new int[n];
        long[] disps = new long[n];
        int[] types = new int[n];
        int k = 0;
        try {
            if (layout.hasLb) {
                lens[k] = 1;
                disps[k] = Math.multiplyExact(layout.lbMark, s);
                types[k++] = MPI.LB.handle();
            }
            if (layout.hasUb) {
                lens[k] = 1;
                disps[k] = Math.multiplyExact(layout.ubMark, s);
                types[k] = MPI.UB.handle();
            }
        } catch (ArithmeticException e) {
            throw new MPIException(MPI.ERR_VALUE_TOO_LARGE,
                                   "Datatype.struct: the bounds of a member do not fit 64 bits");
        }
        return nStruct(lens, disps, types);
    }

    private static void checkBlocks(String fn, int[] lens, int[] disps, Datatype[] types)
        throws MPIException {
        if (lens == null)
            throw new MPIException(MPI.ERR_ARG, fn + ": argument arrayOfBlocklengths is null");
        if (disps == null)
            throw new MPIException(MPI.ERR_ARG, fn + ": argument arrayOfDisplacements is null");
        if (disps.length != lens.length)
            throw new MPIException(MPI.ERR_ARG, fn + ": arrayOfDisplacements has " + disps.length
                                                    + " entries but arrayOfBlocklengths has "
                                                    + lens.length);
        if (types == null)
            return;
        if (types.length != lens.length)
            throw new MPIException(MPI.ERR_ARG, fn + ": arrayOfTypes has " + types.length
                                                    + " entries but arrayOfBlocklengths has "
                                                    + lens.length);
        for (int i = 0; i < types.length; i++)
            if (types[i] == null)
                throw new MPIException(MPI.ERR_TYPE, fn + ": arrayOfTypes[" + i + "] is null");
    }

    /* Element displacements as C byte displacements. */
    private static long[] bytes(int[] disps, int s) {
        long[] out = new long[disps.length];
        for (int i = 0; i < disps.length; i++)
            out[i] = (long)disps[i] * s;
        return out;
    }

    // ------------------------------------------------------------ queries

    /* lb, extent, size of the C type, in bytes; trueLb, trueExtent. */
    private long[] cBounds() throws MPIException {
        try {
            return nBounds(handle());
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    private int elements(String fn, long bytes) throws MPIException {
        long v = bytes / scale();
        if (v != (int)v)
            throw new MPIException(MPI.ERR_VALUE_TOO_LARGE,
                                   fn + ": " + v + " does not fit a Java int");
        return (int)v;
    }

    /**
     * Returns the extent of the datatype, ub() - lb(), in elements. Java
     * binding of MPI_TYPE_EXTENT.
     *
     * @return datatype extent
     * @throws MPIException on a freed type (MPI_ERR_TYPE), or when the value
     *                      does not fit an int (MPI_ERR_VALUE_TOO_LARGE)
     */
    public int extent() throws MPIException {
        return elements("Datatype.extent", cBounds()[1]);
    }

    /**
     * Returns the total size of the type: the number of buffer elements it
     * incorporates, the length of its displacement sequence (not bytes).
     * Java binding of MPI_TYPE_SIZE.
     *
     * @return datatype size
     * @throws MPIException as {@link #extent extent}
     */
    public int size() throws MPIException {
        return elements("Datatype.size", cBounds()[2]);
    }

    /**
     * Returns the lower bound: the least displacement of the sequence, or,
     * if the construction involved MPI.LB, the least displacement of those
     * markers whatever the sequence holds. Java binding of MPI_TYPE_LB.
     *
     * @return displacement of lower bound from origin
     * @throws MPIException as {@link #extent extent}
     */
    public int lb() throws MPIException {
        return elements("Datatype.lb", cBounds()[0]);
    }

    /**
     * Returns the upper bound: the greatest displacement of the sequence plus
     * one, or, if the construction involved MPI.UB, the greatest displacement
     * of those markers whatever the sequence holds. Java binding of
     * MPI_TYPE_UB.
     *
     * @return displacement of upper bound from origin
     * @throws MPIException as {@link #extent extent}
     */
    public int ub() throws MPIException {
        long[] b = cBounds();
        return elements("Datatype.ub", b[0] + b[1]);
    }

    /**
     * Commits the datatype, so that it can be used in communication and
     * packing. Java binding of MPI_TYPE_COMMIT.
     *
     * @throws MPIException on a freed type (MPI_ERR_TYPE)
     */
    public void commit() throws MPIException {
        MPI.enter();
        try {
            nCommit(handle());
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    /**
     * Destructor: releases the C datatype. Java binding of MPI_TYPE_FREE.
     * Calling it again does nothing; the garbage collector calls it, or
     * releases the type by itself, when the object is unreachable. A freed
     * type can no longer be used: each use is an MPIException of class
     * MPI_ERR_TYPE. Types built from it are not affected.
     *
     * @throws MPIException on a predefined type (MPI_ERR_TYPE)
     */
    @Override
    @SuppressWarnings({"deprecation", "removal"})
    public void finalize() throws MPIException {
        if (cleanable == null) {
            nFree(handle()); /* libtypeshim refuses a predefined type */
            return;
        }
        /* the JVM's finalizer thread calls this too: under the read lock,
         * as the collector's path (whileLive) */
        MPI.whileLive(() -> {
            int h = handle.take();
            cleanable.clean(); /* deregisters; the handle is already taken */
            if (h != NULL_HANDLE)
                MPI.freeType(h);
        });
    }

    /**
     * The absolute indices, in packing order, of the elements that count
     * copies of this type at offset touch in an array of the given length
     * (checked): how MPI.OBJECT buffers are gathered and scattered.
     */
    int[] indices(String fn, int offset, int count, int length) throws MPIException {
        int[] w = Buffers.window(fn, length, offset, count, this);
        try {
            return nIndices(fn, handle(), offset, w[0], w[1], count);
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    // ------------------------------------------------------------ mpiJava 1.2 spellings

    /**
     * The original mpiJava 1.2 spelling of {@link #contiguous contiguous}.
     *
     * @param count replication count
     * @return new datatype
     * @throws MPIException as contiguous
     */
    public Datatype Contiguous(int count) throws MPIException {
        return contiguous(count);
    }

    /**
     * The original mpiJava 1.2 spelling of {@link #vector vector}.
     *
     * @param count       number of blocks
     * @param blocklength number of elements in each block
     * @param stride      number of extents between the starts of the blocks
     * @return new datatype
     * @throws MPIException as vector
     */
    public Datatype Vector(int count, int blocklength, int stride) throws MPIException {
        return vector(count, blocklength, stride);
    }

    /**
     * The original mpiJava 1.2 spelling of {@link #hvector hvector}.
     *
     * @param count       number of blocks
     * @param blocklength number of elements in each block
     * @param stride      number of elements between the starts of the blocks
     * @return new datatype
     * @throws MPIException as hvector
     */
    public Datatype Hvector(int count, int blocklength, int stride) throws MPIException {
        return hvector(count, blocklength, stride);
    }

    /**
     * The original mpiJava 1.2 spelling of {@link #indexed indexed}.
     *
     * @param arrayOfBlocklengths  number of elements per block
     * @param arrayOfDisplacements displacement of each block in extents
     * @return new datatype
     * @throws MPIException as indexed
     */
    public Datatype Indexed(int[] arrayOfBlocklengths, int[] arrayOfDisplacements)
        throws MPIException {
        return indexed(arrayOfBlocklengths, arrayOfDisplacements);
    }

    /**
     * The original mpiJava 1.2 spelling of {@link #hindexed hindexed}.
     *
     * @param arrayOfBlocklengths  number of elements per block
     * @param arrayOfDisplacements displacement of each block in elements
     * @return new datatype
     * @throws MPIException as hindexed
     */
    public Datatype Hindexed(int[] arrayOfBlocklengths, int[] arrayOfDisplacements)
        throws MPIException {
        return hindexed(arrayOfBlocklengths, arrayOfDisplacements);
    }

    /**
     * The original mpiJava 1.2 spelling of {@link #struct struct}.
     *
     * @param arrayOfBlocklengths  number of elements per block
     * @param arrayOfDisplacements displacement of each block in elements
     * @param arrayOfTypes         type of the elements of each block
     * @return new datatype
     * @throws MPIException as struct
     */
    public static Datatype Struct(int[] arrayOfBlocklengths, int[] arrayOfDisplacements,
                                  Datatype[] arrayOfTypes) throws MPIException {
        return struct(arrayOfBlocklengths, arrayOfDisplacements, arrayOfTypes);
    }

    /**
     * The original mpiJava 1.2 spelling of {@link #extent extent}.
     *
     * @return datatype extent
     * @throws MPIException as extent
     */
    public int Extent() throws MPIException {
        return extent();
    }

    /**
     * The original mpiJava 1.2 spelling of {@link #size size}.
     *
     * @return datatype size
     * @throws MPIException as size
     */
    public int Size() throws MPIException {
        return size();
    }

    /**
     * The original mpiJava 1.2 spelling of {@link #lb lb}.
     *
     * @return lower bound
     * @throws MPIException as lb
     */
    public int Lb() throws MPIException {
        return lb();
    }

    /**
     * The original mpiJava 1.2 spelling of {@link #ub ub}.
     *
     * @return upper bound
     * @throws MPIException as ub
     */
    public int Ub() throws MPIException {
        return ub();
    }

    /**
     * The original mpiJava 1.2 spelling of {@link #commit commit}.
     *
     * @throws MPIException as commit
     */
    public void Commit() throws MPIException {
        commit();
    }

    // ------------------------------------------------------------ natives

    private static native int nContiguous(int count, int old) throws MPIException;
    private static native int nVector(int count, int blocklength, int stride, int old)
        throws MPIException;
    private static native int nHvector(int count, int blocklength, long stride, int old)
        throws MPIException;
    private static native int nIndexed(int[] lens, int[] disps, int old) throws MPIException;
    private static native int nHindexed(int[] lens, long[] disps, int old) throws MPIException;
    private static native int nStruct(int[] lens, long[] disps, int[] types) throws MPIException;
    private static native int nFix(int h, long lb, long extent) throws MPIException;
    private static native long[] nBounds(int h) throws MPIException;
    private static native void nCommit(int h) throws MPIException;
    static native void nFree(int h) throws MPIException;
    private static native int[] nIndices(String fn, int h, int offset, int first, int last,
                                         int count) throws MPIException;
}
