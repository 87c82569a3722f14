// SPDX-License-Identifier: BSD-3-Clause
package mpi;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import org.junit.Test;

/**
 * Every constructor and query of Datatype, with the mpiJava 1.2
 * specification's displacement sequences worked by hand, in elements.
 */
public class DatatypeTest {
    @Test
    public void predefinedTypesHoldOneElementAtZero() throws MPIException {
        for (Datatype t : new Datatype[] {MPI.BYTE, MPI.CHAR, MPI.SHORT, MPI.BOOLEAN, MPI.INT,
                                          MPI.LONG, MPI.FLOAT, MPI.DOUBLE, MPI.OBJECT, MPI.PACKED})
            T.bounds(t, 0, 1, 1, 1);
        /* the markers: no element, bounds 0 */
        T.bounds(MPI.LB, 0, 0, 0, 0);
        T.bounds(MPI.UB, 0, 0, 0, 0);
    }

    @Test
    public void contiguous() throws MPIException {
        /* {0, 1, 2} */
        T.bounds(MPI.INT.contiguous(3), 0, 3, 3, 3);
        /* of {0, 2} (extent 3): {0, 2, 3, 5} */
        Datatype v = MPI.SHORT.vector(2, 1, 2);
        T.bounds(v, 0, 3, 3, 2);
        T.bounds(v.contiguous(2), 0, 6, 6, 4);
        T.bounds(MPI.DOUBLE.contiguous(0), 0, 0, 0, 0);
    }

    @Test
    public void vector() throws MPIException {
        /* {0,1, 4,5, 8,9} */
        T.bounds(MPI.DOUBLE.vector(3, 2, 4), 0, 10, 10, 6);
        /* negative stride: {0, -2, -4} */
        T.bounds(MPI.INT.vector(3, 1, -2), -4, 1, 5, 3);
        /* of t = {0,1} (extent 2), stride in extents: 2 * {0,1, 7,8} + {0,1} */
        T.bounds(MPI.INT.contiguous(2).vector(2, 2, 7), 0, 18, 18, 8);
        T.bounds(MPI.LONG.vector(0, 3, 2), 0, 0, 0, 0);
        T.bounds(MPI.LONG.vector(3, 0, 2), 0, 0, 0, 0);
    }

    @Test
    public void hvectorStrideIsInElementsNotBytes() throws MPIException {
        /* stride 5 elements of 2 bytes: {0,1,2, 5,6,7} */
        T.bounds(MPI.SHORT.hvector(2, 3, 5), 0, 8, 8, 6);
        /* of t = {0,1}: i * 7 + j * 2 + {0,1}: {0,1,2,3, 7,8,9,10} */
        T.bounds(MPI.INT.contiguous(2).hvector(2, 2, 7), 0, 11, 11, 8);
        /* negative: {0, -3} */
        T.bounds(MPI.LONG.hvector(2, 1, -3), -3, 1, 4, 2);
    }

    @Test
    public void indexed() throws MPIException {
        /* {5,6, 0, 9,10,11} */
        T.bounds(MPI.LONG.indexed(new int[] {2, 1, 3}, new int[] {5, 0, 9}), 0, 12, 12, 6);
        /* of t = {0,1} (extent 2): displacements in extents: {6,7, 0,1,2,3} */
        T.bounds(MPI.INT.contiguous(2).indexed(new int[] {1, 2}, new int[] {3, 0}), 0, 8, 8, 6);
        /* negative displacement: {-2, 3} */
        T.bounds(MPI.FLOAT.indexed(new int[] {1, 1}, new int[] {-2, 3}), -2, 4, 6, 2);
        /* a zero-length block places nothing: {1} */
        T.bounds(MPI.INT.indexed(new int[] {0, 1}, new int[] {5, 1}), 1, 2, 1, 1);
        T.bounds(MPI.INT.indexed(new int[0], new int[0]), 0, 0, 0, 0);
    }

    @Test
    public void hindexedDisplacementsAreInElementsNotBytes() throws MPIException {
        /* of t = {0,1}: displacements in elements: {3,4, 0,1,2,3} */
        T.bounds(MPI.INT.contiguous(2).hindexed(new int[] {1, 2}, new int[] {3, 0}), 0, 5, 5, 6);
        /* {4,5, 1} */
        T.bounds(MPI.CHAR.hindexed(new int[] {2, 1}, new int[] {4, 1}), 1, 6, 5, 3);
    }

    @Test
    public void struct() throws MPIException {
        /* {0,1} and vector {0,2} at 6: {0,1, 6,8} */
        Datatype t = Datatype.struct(new int[] {2, 1}, new int[] {0, 6},
                                     new Datatype[] {MPI.INT, MPI.INT.vector(2, 1, 2)});
        T.bounds(t, 0, 9, 9, 4);
        /* the base type of a struct is that of its members */
        assertEquals(Datatype.INT, t.base);
        /* two blocks of a type of extent 3 ({0,2}) at -4: {-4,-2, -1,1} */
        T.bounds(Datatype.struct(new int[] {2}, new int[] {-4},
                                 new Datatype[] {MPI.DOUBLE.vector(2, 1, 2)}),
                 -4, 2, 6, 4);
        T.bounds(Datatype.struct(new int[0], new int[0], new Datatype[0]), 0, 0, 0, 0);
    }

    @Test
    public void derivedTypesKeepTheirBaseType() throws MPIException {
        assertEquals(Datatype.CHAR, MPI.CHAR.vector(2, 1, 3).contiguous(2).base);
        assertEquals(Datatype.OBJECT, MPI.OBJECT.hindexed(new int[] {1}, new int[] {2}).base);
        assertEquals(Datatype.BYTE, MPI.PACKED.contiguous(2).base);
        assertEquals(Datatype.NONE, MPI.LB.contiguous(2).base);
    }

    @Test
    public void capitalisedSpellingsAreTheSameMethods() throws MPIException {
        Datatype c = MPI.INT.Contiguous(3);
        assertEquals(3, c.Extent());
        assertEquals(3, c.Size());
        assertEquals(0, c.Lb());
        assertEquals(3, c.Ub());
        c.Commit();
        T.bounds(MPI.DOUBLE.Vector(3, 2, 4), 0, 10, 10, 6);
        T.bounds(MPI.SHORT.Hvector(2, 3, 5), 0, 8, 8, 6);
        T.bounds(MPI.LONG.Indexed(new int[] {2, 1, 3}, new int[] {5, 0, 9}), 0, 12, 12, 6);
        T.bounds(MPI.CHAR.Hindexed(new int[] {2, 1}, new int[] {4, 1}), 1, 6, 5, 3);
        T.bounds(Datatype.Struct(new int[] {1, 1}, new int[] {2, 0},
                                 new Datatype[] {MPI.INT, MPI.INT}),
                 0, 3, 3, 2);
    }

    @Test
    public void commitThenUse() throws MPIException {
        Datatype t = MPI.INT.vector(2, 1, 3);
        t.commit();
        t.commit(); /* committing again is allowed */
        assertEquals(8, T.pack(t, T.ints(4, 1), 0, 1).length);
        MPI.INT.commit(); /* predefined: nothing to do */
    }

    @Test
    public void finalizeFreesOnceAndIsIdempotent() throws MPIException {
        /* The collector may free other tests' garbage meanwhile, which only
         * lowers the count: each step is bounded from above. */
        long before = CLayouts.liveTypes();
        Datatype t = MPI.INT.contiguous(4);
        long made = CLayouts.liveTypes();
        assertTrue(made <= before + 1);
        t.finalize();
        long freed = CLayouts.liveTypes();
        assertTrue(freed <= made - 1);
        t.finalize(); /* again: nothing */
        assertTrue(CLayouts.liveTypes() <= freed);
        T.fails(MPI.ERR_TYPE, () -> t.size(), "Datatype.extent", "MPI_DATATYPE_NULL");
    }

    @Test
    public void typesBuiltFromAFreedTypeLiveOn() throws MPIException {
        Datatype t = MPI.INT.vector(2, 1, 3);
        Datatype u = t.contiguous(2);
        t.finalize();
        T.bounds(u, 0, 8, 8, 4);
        u.commit();
        assertEquals(16, T.pack(u, T.ints(10, 1), 0, 1).length);
        u.finalize();
    }

    /* Unreachable types are released by the garbage collector (Cleaner). */
    @Test
    public void garbageCollectorReleasesTypes() throws Exception {
        long before = CLayouts.liveTypes();
        for (int i = 0; i < 200; i++)
            MPI.INT.contiguous(i + 1);
        /* all of them: garbage left to a later test would change its counts */
        waitForLiveTypes(before);
    }

    /* With a thread level below MPI_THREAD_MULTIPLE the collector's thread
     * may not call MPI: its frees wait for the next constructor. */
    @Test
    public void collectorFreesWaitBelowThreadMultiple() throws Exception {
        int level = MPI.threadLevel();
        long before = CLayouts.liveTypes();
        MPI.setThreadLevel(1); /* MPI_THREAD_FUNNELED */
        try {
            for (int i = 0; i < 100; i++)
                MPI.INT.contiguous(i + 1);
            long deadline = System.currentTimeMillis() + 20000;
            while (MPI.deferredFrees() < 50 && System.currentTimeMillis() < deadline) {
                System.gc();
                Thread.sleep(20);
            }
            assertTrue("the collector deferred " + MPI.deferredFrees(), MPI.deferredFrees() >= 50);
            /* the collector's thread frees nothing now: whatever it finds
             * (these, or other tests' garbage) waits in the queue */
            long held = CLayouts.liveTypes();
            System.gc();
            Thread.sleep(50);
            assertEquals(held, CLayouts.liveTypes());
            /* the next constructor frees what waits (at least what waited
             * when asked: the queue only grows until then) */
            int deferred = MPI.deferredFrees();
            MPI.INT.contiguous(1).finalize();
            assertTrue(CLayouts.liveTypes() <= held - deferred);
        } finally {
            MPI.setThreadLevel(level);
        }
        MPI.INT.contiguous(1).finalize(); /* what was deferred since */
        waitForLiveTypes(before);
    }

    static void waitForLiveTypes(long atMost) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 20000;
        while (CLayouts.liveTypes() > atMost && System.currentTimeMillis() < deadline) {
            System.gc();
            Thread.sleep(20);
        }
        assertTrue("live types: " + CLayouts.liveTypes(), CLayouts.liveTypes() <= atMost);
    }
}
