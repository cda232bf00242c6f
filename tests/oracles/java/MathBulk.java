package wekaeval.tests;

/** Java's logarithms over a whole array, so that a test gets millions of them in one call. */
public final class MathBulk {
    private MathBulk() {}

    public static double[] log(double[] x) {
        double[] out = new double[x.length];
        for (int i = 0; i < x.length; i++) out[i] = Math.log(x[i]);
        return out;
    }

    public static double[] strictLog(double[] x) {
        double[] out = new double[x.length];
        for (int i = 0; i < x.length; i++) out[i] = StrictMath.log(x[i]);
        return out;
    }

    /** Nanoseconds for {@code Math.log} over x, {@code repeat} times (the best run), with a checksum. */
    public static double[] time(double[] x, int repeat) {
        long best = Long.MAX_VALUE;
        double sum = 0;
        for (int r = 0; r < repeat; r++) {
            long start = System.nanoTime();
            double s = 0;
            for (int i = 0; i < x.length; i++) s += Math.log(x[i]);
            best = Math.min(best, System.nanoTime() - start);
            sum = s;
        }
        return new double[] {best, sum};
    }
}
