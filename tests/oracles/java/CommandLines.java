package wekaeval.tests;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Many command lines in one JVM: for each, {@code public static void main(String[])} of the named class, with
 * System.out and System.err caught in that run's own buffers, so each run's bytes are what a separate
 * {@code java <class> <args>} process prints, without a JVM started and WEKA loaded per run.
 *
 * <p>Framing, big-endian, strings in UTF-8. Standard input: per run an int n (at least 1), then n times an int
 * length and that many bytes: the class name, then its arguments; the end of input ends the driver. Standard
 * output: per run, once it is done, an int status (0: main returned; 1: main threw, or the class or its main
 * was not found, and stderr ends with why), then an int length and the stdout bytes, then an int length and the
 * stderr bytes.
 *
 * <p>System.out and System.err are replaced once, by print streams in the charsets a JVM gives its own, whose
 * bytes go to the running run's buffer: a stream WEKA or java.util.logging keeps from one run writes into the
 * next run's buffer, never into an earlier one.  A main that calls System.exit ends the driver: the caller sees
 * fewer answers than runs.
 */
public final class CommandLines {
  private CommandLines() {}

  /** An output stream writing into whichever buffer is current. */
  static final class Switch extends OutputStream {
    ByteArrayOutputStream target = new ByteArrayOutputStream();

    @Override
    public synchronized void write(int b) {
      target.write(b);
    }

    @Override
    public synchronized void write(byte[] bytes, int offset, int length) {
      target.write(bytes, offset, length);
    }

    /** The bytes written since the last call, and a fresh buffer. */
    synchronized byte[] take() {
      byte[] bytes = target.toByteArray();
      target = new ByteArrayOutputStream();
      return bytes;
    }
  }

  /**
   * The charset the JVM gave System.out or System.err ("stdout", "stderr"): stdout.encoding (Java 19+), else
   * sun.stdout.encoding (set only on a terminal), else the default charset, as java.lang.System chooses.
   */
  static Charset charset(String stream) {
    String name = System.getProperty(stream + ".encoding");
    if (name == null) {
      name = System.getProperty("sun." + stream + ".encoding");
    }
    return name == null ? Charset.defaultCharset() : Charset.forName(name);
  }

  static String read(DataInputStream in) throws Exception {
    byte[] bytes = new byte[in.readInt()];
    in.readFully(bytes);
    return new String(bytes, StandardCharsets.UTF_8);
  }

  static void write(DataOutputStream out, byte[] bytes) throws Exception {
    out.writeInt(bytes.length);
    out.write(bytes);
  }

  /** Runs {@code words[0].main(words[1..])}; 0 when main returned, 1 when it threw or could not be called. */
  static int run(String[] words) {
    Method main;
    try {
      main = Class.forName(words[0]).getMethod("main", String[].class);
    } catch (ClassNotFoundException | NoSuchMethodException | LinkageError e) {
      System.err.println("Error: Could not find or load main class " + words[0] + " (" + e + ")");
      return 1;
    }
    if (!Modifier.isStatic(main.getModifiers())) {
      System.err.println("Error: main is not static in class " + words[0]);
      return 1;
    }
    try {
      main.invoke(null, (Object) Arrays.copyOfRange(words, 1, words.length));
      return 0;
    } catch (InvocationTargetException e) {
      System.err.print("Exception in thread \"main\" ");  // as the JVM's uncaught-exception handler prints it
      e.getCause().printStackTrace();
      return 1;
    } catch (IllegalAccessException e) {
      System.err.println("Error: " + e);
      return 1;
    }
  }

  public static void main(String[] args) throws Exception {
    DataInputStream in = new DataInputStream(new BufferedInputStream(new FileInputStream(FileDescriptor.in)));
    DataOutputStream frames =
        new DataOutputStream(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out)));
    Switch out = new Switch();
    Switch err = new Switch();
    PrintStream realOut = System.out;
    PrintStream realErr = System.err;
    System.setOut(new PrintStream(out, true, charset("stdout")));
    System.setErr(new PrintStream(err, true, charset("stderr")));
    try {
      while (true) {
        int count;
        try {
          count = in.readInt();
        } catch (EOFException end) {
          break;
        }
        String[] words = new String[count];
        for (int i = 0; i < count; i++) {
          words[i] = read(in);
        }
        int status = run(words);
        System.out.flush();
        System.err.flush();
        frames.writeInt(status);
        write(frames, out.take());
        write(frames, err.take());
        frames.flush();
      }
    } finally {
      System.setOut(realOut);
      System.setErr(realErr);
    }
  }
}
