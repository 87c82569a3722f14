// SPDX-License-Identifier: BSD-3-Clause
package mpi;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;

import org.junit.Test;

/**
 * MPI.LB and MPI.UB: they add no element; when a type's construction
 * involved them, lb() is the least MPI.LB displacement and ub() the
 * greatest MPI.UB displacement, whatever the displacement sequence holds
 * (mpiJava 1.2 specification, Datatype.lb and Datatype.ub).  The last tests
 * are the layouts where C MPI's bounds differ from the specification's.
 */
public class LbUbTest {
    /* {LB at 0, int at 1, UB at 3} */
    static Datatype s() throws MPIException {
        return Datatype.struct(new int[] {1, 1, 1}, new int[] {0, 1, 3},
                               new Datatype[] {MPI.LB, MPI.INT, MPI.UB});
    }

    @Test
    public void markersSetTheBounds() throws MPIException {
        T.bounds(s(), 0, 3, 3, 1);
    }

    @Test
    public void markersAreReplicatedWithTheirType() throws MPIException {
        /* copies at 0, 3, 6: LB markers 0,3,6, UB markers 3,6,9, elements 1,4,7 */
        Datatype c = T.committed(s().contiguous(3));
        T.bounds(c, 0, 9, 9, 3);
        assertArrayEquals(new int[] {10, 40, 70}, T.unpackInts(T.pack(c, T.ints(10, 10), 0, 1), 3));
        /* stride -1 extent: copies at 0 and -3: lb -3, ub 3 */
        T.bounds(s().vector(2, 1, -1), -3, 3, 6, 2);
    }

    @Test
    public void theExtentOfMarkersDrivesRepeatedCopies() throws MPIException {
        /* two copies of s() are 3 elements apart: elements 1 and 4 */
        Datatype t = T.committed(s());
        assertArrayEquals(new int[] {1, 4}, T.unpackInts(T.pack(t, T.ints(8, 1), 0, 2), 2));
    }

    @Test
    public void aLowerBoundAboveTheDataGivesANegativeExtent() throws MPIException {
        /* no MPI.UB: ub is the data's, 1; lb is the marker's, 5 */
        T.bounds(Datatype.struct(new int[] {1, 1}, new int[] {0, 5},
                                 new Datatype[] {MPI.INT, MPI.LB}),
                 5, 1, -4, 1);
        /* no MPI.LB: lb is the data's, 5; ub the marker's, 0 */
        T.bounds(Datatype.struct(new int[] {1, 1}, new int[] {5, 0},
                                 new Datatype[] {MPI.INT, MPI.UB}),
                 5, 0, -5, 1);
    }

    @Test
    public void theLeastLbAndTheGreatestUbCount() throws MPIException {
        T.bounds(Datatype.struct(new int[] {1, 1, 1, 1, 1}, new int[] {2, -1, 0, 7, 4},
                                 new Datatype[] {MPI.LB, MPI.LB, MPI.INT, MPI.UB, MPI.UB}),
                 -1, 7, 8, 1);
        /* three copies of MPI.LB (extent 0) are all at 2 */
        T.bounds(Datatype.struct(new int[] {3, 1}, new int[] {2, 0},
                                 new Datatype[] {MPI.LB, MPI.INT}),
                 2, 1, -1, 1);
        /* a zero-length block of MPI.LB places no marker */
        T.bounds(Datatype.struct(new int[] {0, 1}, new int[] {9, 0},
                                 new Datatype[] {MPI.LB, MPI.INT}),
                 0, 1, 1, 1);
    }

    @Test
    public void markersOfAMemberStickToTheNewType() throws MPIException {
        /* s()'s UB marker (3) bounds the new type, whatever lies above */
        T.bounds(Datatype.struct(new int[] {1, 1}, new int[] {0, 10},
                                 new Datatype[] {s(), MPI.INT}),
                 0, 3, 3, 2);
    }

    @Test
    public void typesOfMarkersOnlyHaveNoBaseType() throws MPIException {
        /* m = {LB at 0, UB at 4}: no element, any base type may join it */
        Datatype m = Datatype.struct(new int[] {1, 1}, new int[] {0, 4},
                                     new Datatype[] {MPI.LB, MPI.UB});
        assertEquals(Datatype.NONE, m.base);
        T.bounds(m, 0, 4, 4, 0);
        /* beside doubles (8 bytes each in C): the markers stay at 0 and 4 */
        Datatype d = Datatype.struct(new int[] {1, 2}, new int[] {0, 1},
                                     new Datatype[] {m, MPI.DOUBLE});
        assertEquals(Datatype.DOUBLE, d.base);
        T.bounds(d, 0, 4, 4, 2);
        Datatype c = T.committed(d.contiguous(2));
        T.bounds(c, 0, 8, 8, 4);
        double[] x = T.doubles(10);
        byte[] b = T.pack(c, x, 0, 1);
        double[] got = new double[4];
        MPI.COMM_WORLD.Unpack(b, 0, got, 0, 4, MPI.DOUBLE);
        assertArrayEquals(new double[] {1.5, 2.5, 5.5, 6.5}, got, 0);
        /* and beside shorts */
        T.bounds(Datatype.struct(new int[] {1, 1}, new int[] {2, 3},
                                 new Datatype[] {m, MPI.SHORT}),
                 2, 6, 4, 1);
    }

    @Test
    public void anEmptyMemberAddsNoBound() throws MPIException {
        /* the specification: a type with no element adds no displacement,
         * so {empty at 10, int at 0} is {0}: ub 1.  C MPI (MPICH 4.0.2 and
         * typeshim after it) moves ub to the empty member's displacement,
         * 10 (DifferentialTest shows it); the binding follows the
         * specification */
        Datatype e = MPI.INT.contiguous(0);
        Datatype t = T.committed(Datatype.struct(new int[] {1, 1}, new int[] {10, 0},
                                                 new Datatype[] {e, MPI.INT}));
        T.bounds(t, 0, 1, 1, 1);
        /* so two copies are adjacent */
        assertArrayEquals(new int[] {5, 6}, T.unpackInts(T.pack(t, T.ints(20, 1), 5, 2), 2));
        /* an empty type has bounds 0, wherever it is placed (C MPI: 7) */
        T.bounds(e.hindexed(new int[] {1}, new int[] {7}), 0, 0, 0, 0);
    }

    @Test
    public void aMemberOfMarkersAddsOnlyItsMarkers() throws MPIException {
        /* l = {LB at 3}: lb 3, no element, no MPI.UB (ub 0); {l at 10, int
         * at 0}: LB marker at 13, element at 0: lb 13, ub 1, extent -12.
         * C MPI takes l's ub, 0 at 10, for data: ub 10, extent -3 */
        Datatype l = Datatype.struct(new int[] {1}, new int[] {3}, new Datatype[] {MPI.LB});
        T.bounds(l, 3, 0, -3, 0);
        Datatype t = T.committed(Datatype.struct(new int[] {1, 1}, new int[] {10, 0},
                                                 new Datatype[] {l, MPI.INT}));
        T.bounds(t, 13, 1, -12, 1);
        /* the second copy is 12 elements before the first */
        assertArrayEquals(new int[] {16, 4}, T.unpackInts(T.pack(t, T.ints(20, 1), 16, 2), 2));
    }
}
