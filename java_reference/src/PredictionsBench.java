/*
 * PredictionsBench: java_reference's --bench-predictions mode (wekaeval, GPL-3.0-or-later).
 *
 * WEKA's own Evaluation over a file of predictions, timed inside the JVM: feeding every prediction, reading every
 * statistic, writing the three text blocks (the summary alone for a numeric class, whose predictions are values).
 * Each phase is timed with System.nanoTime, after one warm-up run; the JSON holds the best time of each phase over
 * the timed runs, all the times, and every number and text of the last run.  The file format and the output are
 * described in java_reference/README.md.
 */

import java.io.File;
import java.io.IOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import weka.classifiers.evaluation.Evaluation;
import weka.core.Attribute;
import weka.core.DenseInstance;
import weka.core.Instance;
import weka.core.Instances;
import weka.core.Version;

final class PredictionsBench {

  /** The file's first eight bytes. */
  static final String MAGIC = "WEKAPRD1";

  private PredictionsBench() {}

  /** One statistic without argument. */
  interface Statistic {
    double of(Evaluation evaluation) throws Exception;
  }

  /** One statistic of one class. */
  interface ClassStatistic {
    double of(Evaluation evaluation, int classIndex) throws Exception;
  }

  /** Every statistic python-weka-wrapper3's Evaluation has for a nominal class, by WEKA's getter name. */
  static final Map<String, Statistic> STATISTICS = new LinkedHashMap<>();
  /** The per-class ones, each computed for every class. */
  static final Map<String, ClassStatistic> CLASS_STATISTICS = new LinkedHashMap<>();
  /** Every statistic python-weka-wrapper3's Evaluation has for a numeric class (the scopes any and numeric of wekaeval.blocks.STATISTICS). */
  static final Map<String, Statistic> NUMERIC_STATISTICS = new LinkedHashMap<>();

  static {
    Statistic[] all = {
      Evaluation::numInstances, Evaluation::correct, Evaluation::incorrect, Evaluation::unclassified,
      Evaluation::pctCorrect, Evaluation::pctIncorrect, Evaluation::pctUnclassified, Evaluation::missingClass,
      Evaluation::kappa, Evaluation::meanAbsoluteError, Evaluation::rootMeanSquaredError,
      Evaluation::relativeAbsoluteError, Evaluation::rootRelativeSquaredError, Evaluation::meanPriorAbsoluteError,
      Evaluation::rootMeanPriorSquaredError, Evaluation::errorRate, Evaluation::KBInformation,
      Evaluation::KBMeanInformation, Evaluation::KBRelativeInformation, Evaluation::SFPriorEntropy,
      Evaluation::SFSchemeEntropy, Evaluation::SFEntropyGain, Evaluation::SFMeanPriorEntropy,
      Evaluation::SFMeanSchemeEntropy, Evaluation::SFMeanEntropyGain,
      Evaluation::coverageOfTestCasesByPredictedRegions, Evaluation::sizeOfPredictedRegions, Evaluation::totalCost,
      Evaluation::avgCost, Evaluation::weightedAreaUnderROC, Evaluation::weightedAreaUnderPRC,
      Evaluation::weightedTruePositiveRate, Evaluation::weightedFalsePositiveRate,
      Evaluation::weightedTrueNegativeRate, Evaluation::weightedFalseNegativeRate, Evaluation::weightedPrecision,
      Evaluation::weightedRecall, Evaluation::weightedFMeasure, Evaluation::weightedMatthewsCorrelation,
      Evaluation::unweightedMacroFmeasure, Evaluation::unweightedMicroFmeasure,
    };
    String[] names = {
      "numInstances", "correct", "incorrect", "unclassified", "pctCorrect", "pctIncorrect", "pctUnclassified",
      "missingClass", "kappa", "meanAbsoluteError", "rootMeanSquaredError", "relativeAbsoluteError",
      "rootRelativeSquaredError", "meanPriorAbsoluteError", "rootMeanPriorSquaredError", "errorRate",
      "KBInformation", "KBMeanInformation", "KBRelativeInformation", "SFPriorEntropy", "SFSchemeEntropy",
      "SFEntropyGain", "SFMeanPriorEntropy", "SFMeanSchemeEntropy", "SFMeanEntropyGain",
      "coverageOfTestCasesByPredictedRegions", "sizeOfPredictedRegions", "totalCost", "avgCost",
      "weightedAreaUnderROC", "weightedAreaUnderPRC", "weightedTruePositiveRate", "weightedFalsePositiveRate",
      "weightedTrueNegativeRate", "weightedFalseNegativeRate", "weightedPrecision", "weightedRecall",
      "weightedFMeasure", "weightedMatthewsCorrelation", "unweightedMacroFmeasure", "unweightedMicroFmeasure",
    };
    for (int i = 0; i < all.length; i++) {
      STATISTICS.put(names[i], all[i]);
    }
    ClassStatistic[] perClass = {
      Evaluation::areaUnderROC, Evaluation::areaUnderPRC, Evaluation::truePositiveRate,
      Evaluation::falsePositiveRate, Evaluation::trueNegativeRate, Evaluation::falseNegativeRate,
      Evaluation::precision, Evaluation::recall, Evaluation::fMeasure, Evaluation::matthewsCorrelationCoefficient,
      Evaluation::numTruePositives, Evaluation::numFalsePositives, Evaluation::numTrueNegatives,
      Evaluation::numFalseNegatives,
    };
    String[] classNames = {
      "areaUnderROC", "areaUnderPRC", "truePositiveRate", "falsePositiveRate", "trueNegativeRate",
      "falseNegativeRate", "precision", "recall", "fMeasure", "matthewsCorrelationCoefficient", "numTruePositives",
      "numFalsePositives", "numTrueNegatives", "numFalseNegatives",
    };
    for (int i = 0; i < perClass.length; i++) {
      CLASS_STATISTICS.put(classNames[i], perClass[i]);
    }
    String[] numeric = {
      "numInstances", "unclassified", "pctUnclassified", "missingClass", "meanAbsoluteError", "rootMeanSquaredError",
      "relativeAbsoluteError", "rootRelativeSquaredError", "meanPriorAbsoluteError", "rootMeanPriorSquaredError",
      "errorRate", "SFPriorEntropy", "SFSchemeEntropy", "SFEntropyGain", "SFMeanPriorEntropy", "SFMeanSchemeEntropy",
      "SFMeanEntropyGain", "coverageOfTestCasesByPredictedRegions", "sizeOfPredictedRegions",
    };
    for (String name : numeric) {
      NUMERIC_STATISTICS.put(name, STATISTICS.get(name));
    }
    NUMERIC_STATISTICS.put("correlationCoefficient", Evaluation::correlationCoefficient);
  }

  /** The contents of a predictions file: no class names for a numeric class, whose "distributions" are n x 1. */
  static final class Predictions {
    String[] classNames;
    double[] trainActual;
    double[] trainWeights;
    double[] actual;
    double[] weights;
    double[][] distributions;
  }

  /** Reads a predictions file (little-endian; layout in java_reference/README.md). */
  static Predictions read(String path) throws WekaReference.Failure {
    File file = new File(path);
    if (!file.isFile()) {
      throw new WekaReference.Failure("--bench-predictions " + path + ": no such file");
    }
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(file.toPath());
    } catch (IOException | OutOfMemoryError e) {
      throw new WekaReference.Failure("--bench-predictions " + path + ": cannot read: " + WekaReference.describe(e));
    }
    ByteBuffer buffer = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    Predictions p = new Predictions();
    try {
      byte[] magic = new byte[MAGIC.length()];
      buffer.get(magic);
      if (!new String(magic, StandardCharsets.US_ASCII).equals(MAGIC)) {
        throw new WekaReference.Failure(path + ": not a predictions file (it does not begin with " + MAGIC + ")");
      }
      int k = buffer.getInt(); // 0: a numeric class, one predicted value per row
      long m = buffer.getLong();
      long n = buffer.getLong();
      int columns = Math.max(k, 1);
      long doubles = 2 * m + (2 + (long) columns) * n;
      boolean fits = k >= 0 && m >= 0 && n >= 0 && n * columns <= Integer.MAX_VALUE - 8
          && doubles <= (bytes.length - buffer.position()) / 8;
      if (!fits) {
        throw new WekaReference.Failure(path + ": " + k + " classes, " + m + " training and " + n
            + " test rows do not fit in its " + bytes.length + " bytes");
      }
      p.classNames = new String[k];
      for (int j = 0; j < k; j++) {
        byte[] name = new byte[buffer.getInt()];
        buffer.get(name);
        p.classNames[j] = new String(name, StandardCharsets.UTF_8);
      }
      if (buffer.remaining() != doubles * 8) {
        throw new WekaReference.Failure(path + ": " + buffer.remaining() + " bytes after the class names, expected "
            + doubles * 8);
      }
      p.trainActual = doubles(buffer, (int) m);
      p.trainWeights = doubles(buffer, (int) m);
      p.actual = doubles(buffer, (int) n);
      p.weights = doubles(buffer, (int) n);
      double[] flat = doubles(buffer, (int) (n * columns));
      p.distributions = new double[(int) n][];
      for (int i = 0; i < n; i++) {
        p.distributions[i] = new double[columns];
        System.arraycopy(flat, i * columns, p.distributions[i], 0, columns);
      }
    } catch (BufferUnderflowException | IllegalArgumentException | NegativeArraySizeException e) {
      throw new WekaReference.Failure(path + ": truncated or malformed predictions file");
    }
    if (k(p) > 0) { // a numeric class takes any value
      checkClasses(p.trainActual, k(p), path, "training class");
      checkClasses(p.actual, k(p), path, "class");
    }
    return p;
  }

  private static int k(Predictions p) {
    return p.classNames.length;
  }

  private static double[] doubles(ByteBuffer buffer, int count) {
    double[] out = new double[count];
    buffer.asDoubleBuffer().get(out);
    buffer.position(buffer.position() + 8 * count);
    return out;
  }

  private static void checkClasses(double[] values, int k, String path, String what) throws WekaReference.Failure {
    for (int i = 0; i < values.length; i++) {
      double v = values[i];
      if (!Double.isNaN(v) && !(v >= 0 && v < k && v == Math.rint(v))) {
        throw new WekaReference.Failure(path + ": " + what + " " + v + " of row " + (i + 1)
            + " is not a class index 0.." + (k - 1) + " or NaN");
      }
    }
  }

  /** One class attribute, "class": nominal over the labels, numeric when there are none. */
  static Instances header(String[] classNames) {
    ArrayList<Attribute> attributes = new ArrayList<>();
    attributes.add(classNames.length == 0 ? new Attribute("class") : new Attribute("class",
        new ArrayList<>(List.of(classNames))));
    Instances header = new Instances("predictions", attributes, 0);
    header.setClassIndex(0);
    return header;
  }

  static Instance instance(Instances header, double classValue, double weight) {
    Instance instance = new DenseInstance(weight, new double[] {classValue});
    instance.setDataset(header);
    return instance;
  }

  /**
   * Every statistic of STATISTICS, then each of CLASS_STATISTICS as an array over the classes, the priors and the
   * matrix; for a numeric class (k = 0) those of NUMERIC_STATISTICS alone.
   */
  static Map<String, Object> statistics(Evaluation evaluation, int k) throws Exception {
    Map<String, Object> out = new LinkedHashMap<>();
    for (Map.Entry<String, Statistic> entry : (k == 0 ? NUMERIC_STATISTICS : STATISTICS).entrySet()) {
      out.put(entry.getKey(), entry.getValue().of(evaluation));
    }
    if (k == 0) {
      return out;
    }
    for (Map.Entry<String, ClassStatistic> entry : CLASS_STATISTICS.entrySet()) {
      double[] values = new double[k];
      for (int i = 0; i < k; i++) {
        values[i] = entry.getValue().of(evaluation, i);
      }
      out.put(entry.getKey(), values);
    }
    out.put("getClassPriors", evaluation.getClassPriors().clone());
    out.put("confusionMatrix", evaluation.confusionMatrix());
    return out;
  }

  /** Times WEKA over the file and returns the JSON object (see java_reference/README.md). */
  static String run(String path, int repeat) throws Exception {
    long start = System.nanoTime();
    Predictions p = read(path);
    long read = System.nanoTime() - start;

    // The instances exist before WEKA evaluates (a data set it has read): built once, not timed with the rest.
    start = System.nanoTime();
    int k = p.classNames.length;
    Instances header = header(p.classNames);
    Instances train = new Instances(header, p.trainActual.length);
    for (int i = 0; i < p.trainActual.length; i++) {
      train.add(instance(header, p.trainActual[i], p.trainWeights[i]));
    }
    Instance[] instances = new Instance[p.actual.length];
    for (int i = 0; i < instances.length; i++) {
      instances[i] = instance(header, p.actual[i], p.weights[i]);
    }
    long build = System.nanoTime() - start;

    String[] phases = {"evaluate", "statistics", "texts", "total"};
    Map<String, List<Double>> times = new LinkedHashMap<>();
    for (String phase : phases) {
      times.put(phase, new ArrayList<>());
    }
    Map<String, Object> statistics = null;
    String[] texts = null;
    for (int run = 0; run <= repeat; run++) { // run 0 warms the JIT up and is not counted
      long t0 = System.nanoTime();
      Evaluation evaluation = new Evaluation(train);
      for (int i = 0; i < instances.length; i++) {
        try {
          evaluation.evaluateModelOnceAndRecordPrediction(p.distributions[i], instances[i]);
        } catch (Exception | Error e) {
          throw new WekaReference.Failure(path + ": WEKA's Evaluation threw " + WekaReference.describe(e)
              + " on prediction " + (i + 1));
        }
      }
      long t1 = System.nanoTime();
      statistics = statistics(evaluation, k);
      long t2 = System.nanoTime();
      texts = k == 0 ? new String[] {evaluation.toSummaryString(), null, null} : new String[] {
        evaluation.toSummaryString(), evaluation.toClassDetailsString(), evaluation.toMatrixString(),
      };
      long t3 = System.nanoTime();
      if (run > 0) {
        long[] spans = {t1 - t0, t2 - t1, t3 - t2, t3 - t0};
        for (int j = 0; j < phases.length; j++) {
          times.get(phases[j]).add(spans[j] / 1e9);
        }
      }
    }

    Map<String, Object> best = new LinkedHashMap<>();
    best.put("read", read / 1e9);
    best.put("build_instances", build / 1e9);
    for (String phase : phases) {
      best.put(phase, times.get(phase).stream().mapToDouble(Double::doubleValue).min().getAsDouble());
    }
    Map<String, Object> all = new LinkedHashMap<>();
    for (String phase : phases) {
      all.put(phase, new ArrayList<Object>(times.get(phase)));
    }
    WekaReference.Json json = new WekaReference.Json();
    json.field("weka_version", Version.VERSION);
    json.field("mode", "bench-predictions");
    json.field("predictions", path);
    json.field("java", System.getProperty("java.vm.name") + " " + System.getProperty("java.version") + ", "
        + System.getProperty("os.arch") + ", " + Runtime.getRuntime().availableProcessors() + " processors, max heap "
        + Runtime.getRuntime().maxMemory() / (1024 * 1024) + " MiB");
    json.field("instances", p.actual.length);
    json.field("training_instances", p.trainActual.length);
    json.field("class_names", k == 0 ? null : List.of(p.classNames));
    json.field("repeat", repeat);
    json.field("seconds", best);
    json.field("seconds_each_run", all);
    json.field("statistics", statistics);
    json.field("summary", texts[0]);
    json.field("class_details", texts[1]);
    json.field("matrix", texts[2]);
    return json.close();
  }
}
