package wekaeval.tests;

/** StrictMath.pow and StrictMath.exp over whole arrays, so that a test gets millions of them in one call. */
public final class FdlibmBulk {
    private FdlibmBulk() {}

    /** {@code StrictMath.pow(x[i], y[i])}; the arrays have one length. */
    public static double[] pow(double[] x, double[] y) {
        double[] out = new double[x.length];
        for (int i = 0; i < x.length; i++) out[i] = StrictMath.pow(x[i], y[i]);
        return out;
    }

    public static double[] exp(double[] x) {
        double[] out = new double[x.length];
        for (int i = 0; i < x.length; i++) out[i] = StrictMath.exp(x[i]);
        return out;
    }

    /** Nanoseconds for {@code StrictMath.pow} over the pairs, {@code repeat} times (the best run), with a checksum. */
    public static double[] timePow(double[] x, double[] y, int repeat) {
        long best = Long.MAX_VALUE;
        double sum = 0;
        for (int r = 0; r < repeat; r++) {
            long start = System.nanoTime();
            double s = 0;
            for (int i = 0; i < x.length; i++) s += StrictMath.pow(x[i], y[i]);
            best = Math.min(best, System.nanoTime() - start);
            sum = s;
        }
        return new double[] {best, sum};
    }
}
