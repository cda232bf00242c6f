package wekaeval.tests;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Paths;

/**
 * Math.pow over whole arrays: in the test JVM through JPype, or in a child JVM (another JDK, another
 * compiler tier) reading and writing little-endian doubles.
 */
public final class PowBulk {
    private PowBulk() {}

    /** Math.pow(x[i], y[i]). */
    public static double[] pow(double[] x, double[] y) {
        double[] out = new double[x.length];
        for (int i = 0; i < x.length; i++) out[i] = Math.pow(x[i], y[i]);
        return out;
    }

    /** Math.pow(x[i], 0.5) with the constant in the code: C2's own shortcut once compiled. */
    public static double[] powHalf(double[] x) {
        double[] out = new double[x.length];
        for (int i = 0; i < x.length; i++) out[i] = Math.pow(x[i], 0.5);
        return out;
    }

    /** Math.pow(x[i], 2.0) with the constant in the code. */
    public static double[] powTwo(double[] x) {
        double[] out = new double[x.length];
        for (int i = 0; i < x.length; i++) out[i] = Math.pow(x[i], 2.0);
        return out;
    }

    /**
     * {@code java PowBulk x.bin y.bin out.bin repeat}: pow, powHalf and powTwo {@code repeat} times
     * (warm-up for the JIT), the last results written one after the other as raw bit patterns.
     */
    public static void main(String[] args) throws Exception {
        double[] x = read(args[0]);
        double[] y = read(args[1]);
        int repeat = Integer.parseInt(args[3]);
        double[] pairs = null, half = null, two = null;
        for (int r = 0; r < repeat; r++) {
            pairs = pow(x, y);
            half = powHalf(x);
            two = powTwo(x);
        }
        ByteBuffer out = ByteBuffer.allocate(24 * x.length).order(ByteOrder.LITTLE_ENDIAN);
        for (double[] part : new double[][] {pairs, half, two}) {
            for (double v : part) out.putLong(Double.doubleToRawLongBits(v));
        }
        Files.write(Paths.get(args[2]), out.array());
    }

    private static double[] read(String path) throws Exception {
        byte[] bytes = Files.readAllBytes(Paths.get(path));
        ByteBuffer in = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        double[] values = new double[bytes.length / 8];
        for (int i = 0; i < values.length; i++) values[i] = Double.longBitsToDouble(in.getLong());
        return values;
    }
}
