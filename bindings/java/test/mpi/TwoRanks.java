// SPDX-License-Identifier: BSD-3-Clause
package mpi;

import java.util.Arrays;

/**
 * Two processes over MPICH with typeshim layered (run-mpich.sh:
 * mpiexec.hydra -n 2 java ... mpi.TwoRanks): a vector of doubles, a struct
 * with MPI.LB/MPI.UB, the layout where the specification's bounds differ
 * from C MPI's, objects, Sendrecv and Bcast; each rank checks what it
 * received and Status.getElements, and prints "TwoRanks rank R: ok (N
 * checks)".
 */
public final class TwoRanks {
    private static int rank, checks;
    private static boolean ok = true;

    private TwoRanks() {}

    private static void check(String what, boolean cond) {
        checks++;
        if (!cond) {
            ok = false;
            System.out.println("TwoRanks rank " + rank + ": FAIL: " + what);
        }
    }

    private static Datatype committed(Datatype t) throws MPIException {
        t.commit();
        return t;
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        rank = w.Rank();
        int peer = 1 - rank;
        check("size 2", w.Size() == 2);
        check("runtime mpich", MPI.runtime().equals("mpich"));
        check("typeshim layered over MPICH", CLayouts.mode() == 1);

        /* a vector of doubles: {0,1, 4,5, 8,9} */
        Datatype v = committed(MPI.DOUBLE.vector(3, 2, 4));
        double[] src = new double[12];
        for (int i = 0; i < 12; i++)
            src[i] = 100 * rank + i + 0.5;
        double[] got = new double[12];
        Status st;
        if (rank == 0) {
            w.Send(src, 1, 1, v, 1, 10);
            st = w.Recv(got, 0, 6, MPI.DOUBLE, 1, 11);
            check("doubles received " + Arrays.toString(got),
                  Arrays.equals(got, new double[] {101.5, 102.5, 105.5, 106.5, 109.5, 110.5,
                                                   0, 0, 0, 0, 0, 0}));
            check("getElements(MPI.DOUBLE) 6", st.getElements(MPI.DOUBLE) == 6);
        } else {
            st = w.Recv(got, 0, 1, v, 0, 10);
            check("vector received " + Arrays.toString(got),
                  Arrays.equals(got, new double[] {1.5, 2.5, 0, 0, 5.5, 6.5, 0, 0, 9.5, 10.5,
                                                   0, 0}));
            check("getElements(vector) 6", st.getElements(v) == 6);
            check("source 0, tag 10", st.source == 0 && st.tag == 10);
            w.Send(src, 1, 1, v, 0, 11);
        }

        /* {LB at 0, 2 ints at 1, UB at 4}, two copies: elements 1,2, 5,6 */
        Datatype s = committed(Datatype.struct(new int[] {1, 2, 1}, new int[] {0, 1, 4},
                                               new Datatype[] {MPI.LB, MPI.INT, MPI.UB}));
        int[] ints = new int[8];
        for (int i = 0; i < 8; i++)
            ints[i] = 3 * i + rank;
        int[] in = new int[8];
        st = w.Sendrecv(ints, 0, 2, s, peer, 20, in, 0, 2, s, peer, 20);
        int[] want = new int[8];
        for (int i : new int[] {1, 2, 5, 6})
            want[i] = 3 * i + peer;
        check("struct with markers " + Arrays.toString(in), Arrays.equals(in, want));
        check("getElements(struct) 4", st.getElements(s) == 4);

        /* the specification's bounds where C MPI's differ: an empty member at
         * 10 does not stretch the type, two copies are adjacent */
        Datatype e = committed(Datatype.struct(new int[] {1, 1}, new int[] {10, 0},
                                               new Datatype[] {MPI.INT.contiguous(0), MPI.INT}));
        check("extent 1", e.extent() == 1);
        int[] in2 = new int[12];
        Arrays.fill(in2, -1);
        st = w.Sendrecv(ints, 2, 2, e, peer, 30, in2, 0, 2, e, peer, 30);
        check("adjacent copies " + Arrays.toString(in2),
              in2[0] == 3 * 2 + peer && in2[1] == 3 * 3 + peer && in2[2] == -1 && in2[10] == -1);
        check("getElements(empty-member struct) 2", st.getElements(e) == 2);

        /* objects */
        Datatype ov = committed(MPI.OBJECT.vector(2, 1, 2));
        Object[] objs = {"r" + rank, 0, new int[] {rank, 7}, null};
        Object[] oin = new Object[4];
        st = w.Sendrecv(objs, 0, 1, ov, peer, 40, oin, 1, 1, ov, peer, 40);
        check("objects " + Arrays.deepToString(oin),
              ("r" + peer).equals(oin[1]) && oin[0] == null
                  && Arrays.equals((int[])oin[3], new int[] {peer, 7}));
        check("getElements(objects) 2", st.getElements(ov) == 2);

        /* broadcast of a vector of shorts from rank 1 */
        Datatype sv = committed(MPI.SHORT.vector(2, 1, 3));
        short[] b = rank == 1 ? new short[] {5, 6, 7, 8} : new short[] {-1, -1, -1, -1};
        w.Bcast(b, 0, 1, sv, 1);
        check("bcast " + Arrays.toString(b),
              Arrays.equals(b, rank == 1 ? new short[] {5, 6, 7, 8}
                                         : new short[] {5, -1, -1, 8}));

        /* typeshim's messages, through MPICH */
        try {
            w.Send(new int[2], 0, 1, MPI.INT.contiguous(2), peer, 50);
            check("uncommitted type refused", false);
        } catch (MPIException x) {
            check("uncommitted: " + x.getMessage(),
                  x.getErrorClass() == MPI.ERR_TYPE && x.getMessage().contains("not committed"));
        }
        try {
            MPI.INT.contiguous(-1);
            check("negative count refused", false);
        } catch (MPIException x) {
            check("count: " + x.getMessage(),
                  x.getErrorClass() == MPI.ERR_COUNT && x.getMessage().contains("count=-1"));
        }

        MPI.Finalize();
        System.out.println("TwoRanks rank " + rank + ": " + (ok ? "ok" : "FAILED") + " ("
                           + checks + " checks)");
        System.exit(ok ? 0 : 1);
    }
}
