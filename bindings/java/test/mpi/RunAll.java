// SPDX-License-Identifier: BSD-3-Clause
package mpi;

import org.junit.runner.Description;
import org.junit.runner.JUnitCore;
import org.junit.runner.Result;
import org.junit.runner.notification.Failure;
import org.junit.runner.notification.RunListener;

/**
 * The Java tests of make check, in one JVM and one MPI.Init: what holds
 * before MPI.Init, the JUnit classes, then what holds after MPI.Finalize.
 * Prints a summary line and exits 0 when everything passed.
 */
public final class RunAll {
    private static int checks, failed;
    private static final int FINALIZE_RACE = 20000; /* types */

    private RunAll() {}

    private static synchronized void check(String what, boolean ok) {
        checks++;
        if (!ok) {
            failed++;
            System.out.println("FAIL: " + what);
        }
    }

    /* c must throw MPIException of class cls whose message holds part. */
    private static void refused(String what, int cls, String part, T.Call c) {
        try {
            c.run();
            check(what + ": no exception", false);
        } catch (MPIException e) {
            check(what + ": " + e.getErrorClass() + " " + e.getMessage(),
                  e.getErrorClass() == cls && e.getMessage().contains(part));
        } catch (Exception e) {
            check(what + ": " + e, false);
        }
    }

    public static void main(String[] args) throws Exception {
        /* before MPI.Init: nothing works but the predefined objects */
        check("Initialized() before Init", !MPI.Initialized());
        check("Finalized() before Init", !MPI.Finalized());
        refused("contiguous before Init", MPI.ERR_OTHER, "called before MPI.Init",
                () -> MPI.INT.contiguous(2));
        refused("Rank before Init", MPI.ERR_OTHER, "Comm.Rank: called before MPI.Init",
                () -> MPI.COMM_WORLD.Rank());
        refused("Finalize before Init", MPI.ERR_OTHER, "MPI.Finalize",
                () -> MPI.Finalize());

        String[] rest = MPI.Init(new String[] {"-x", "y"});
        check("Init returns the arguments", rest.length == 2 && rest[1].equals("y"));
        check("Initialized() after Init", MPI.Initialized() && !MPI.Finalized());

        JUnitCore junit = new JUnitCore();
        junit.addListener(new RunListener() {
            private long start;

            @Override
            public void testStarted(Description d) {
                start = System.nanoTime();
            }

            @Override
            public void testFinished(Description d) {
                long ms = (System.nanoTime() - start) / 1000000;
                if (ms >= 1000)
                    System.out.println("slow: " + d.getDisplayName() + " " + ms + " ms");
            }
        });
        Result r = junit.run(DatatypeTest.class, LbUbTest.class, PackTest.class, CommTest.class,
                             ObjectTest.class, ErrorTest.class, DifferentialTest.class);
        for (Failure f : r.getFailures()) {
            System.out.println("FAIL: " + f.getTestHeader());
            System.out.println(f.getTrace());
        }

        Datatype live = MPI.INT.vector(2, 1, 2);
        /* finalize() on other threads while MPI.Finalize runs: each type is
         * freed by one or the other, none taken by a finalize() and then
         * left unfreed (the JVM's finalizer thread did that) */
        Datatype[] pool = new Datatype[FINALIZE_RACE];
        for (int i = 0; i < pool.length; i++)
            pool[i] = MPI.INT.contiguous(1);
        java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
        Thread[] racers = new Thread[2];
        for (int k = 0; k < racers.length; k++) {
            final int first = k;
            racers[k] = new Thread(() -> {
                try {
                    go.await();
                    for (int i = first; i < pool.length; i += racers.length)
                        pool[i].finalize();
                } catch (Exception e) {
                    check("finalize() beside MPI.Finalize: " + e, false);
                }
            });
            racers[k].start();
        }
        go.countDown();
        while (!Thread.interrupted() && pool[pool.length / 4].handle() != Datatype.NULL_HANDLE)
            Thread.onSpinWait(); /* MPI.Finalize meets them at work */
        MPI.Finalize();
        for (Thread racer : racers)
            racer.join();
        check("Finalized() after Finalize", MPI.Initialized() && MPI.Finalized());
        check("MPI.Finalize freed every derived type: " + CLayouts.liveTypes() + " live",
              CLayouts.liveTypes() == 0);
        refused("a type MPI.Finalize freed", MPI.ERR_OTHER, "called after MPI.Finalize",
                () -> live.extent());
        try {
            live.finalize(); /* MPI_Finalize released it: nothing to do */
            check("finalize() after Finalize", true);
        } catch (MPIException e) {
            check("finalize() after Finalize: " + e, false);
        }
        refused("vector after Finalize", MPI.ERR_OTHER, "called after MPI.Finalize",
                () -> MPI.INT.vector(1, 1, 1));
        refused("Init after Finalize", MPI.ERR_OTHER, "finalized", () -> MPI.Init(new String[0]));
        refused("Finalize twice", MPI.ERR_OTHER, "after MPI.Finalize", () -> MPI.Finalize());

        int n = r.getRunCount(), bad = r.getFailureCount(), skipped = r.getIgnoreCount();
        System.out.println("JUnit: " + n + " tests, " + bad + " failed, " + skipped
                           + " skipped, " + r.getRunTime() + " ms");
        System.out.println("lifecycle: " + checks + " checks, " + failed + " failed");
        System.out.println((n - bad + checks - failed) + " passed, " + (bad + failed) + " failed");
        System.exit(bad + failed == 0 ? 0 : 1);
    }
}
