/*
 * WekaReference: WEKA's own kappa and confusion matrix as one JSON object.
 *
 * Part of wekaeval (GPL-3.0-or-later).  The second oracle of the project,
 * independent of Python and JPype: it runs WEKA's Evaluation exactly as WEKA's
 * command line does and prints the numbers with Double.toString, so that they
 * read back bit for bit.  Depends on weka.jar only; Java 11 or newer.
 *
 * Usage: see usage() below, or java_reference/README.md.
 */

import java.io.File;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Pattern;

import weka.classifiers.AbstractClassifier;
import weka.classifiers.Classifier;
import weka.classifiers.evaluation.Evaluation;
import weka.core.Attribute;
import weka.core.Instance;
import weka.core.Instances;
import weka.core.Utils;
import weka.core.Version;
import weka.core.WekaException;
import weka.core.converters.ConverterUtils.DataSource;

public final class WekaReference {

  private static final String PROGRAM = "java_reference";

  private static final String USAGE = String.join("\n",
      "usage: run.sh --data D.arff --classifier NAME [--options \"...\"] [--folds 10] [--seed 1] [--class INDEX]",
      "       run.sh --data D.arff --classifier NAME [--options \"...\"] --test T.arff [--class INDEX]",
      "       run.sh --data D.arff --classifier NAME [--options \"...\"] --split-percentage P [--preserve-order] [--seed 1]",
      "       run.sh --data D.arff --classifier NAME [--options \"...\"] --no-cv [--class INDEX]",
      "       run.sh --data D.arff --predictions P.csv [--class INDEX]",
      "       run.sh --bench-predictions FILE [--repeat N]",
      "",
      "Prints WEKA's kappa, confusion matrix, unclassified and missing-class weights as one JSON object.",
      "  --data D.arff        the dataset (training set with --test)",
      "  --classifier NAME    a WEKA classifier, e.g. weka.classifiers.trees.J48 (or J48)",
      "  --options \"...\"      the classifier's options, as on WEKA's command line",
      "  --folds N, --seed S  cross-validation as WEKA's -x N -s S (default 10 and 1)",
      "  --test T.arff        build on D.arff, evaluate on T.arff (WEKA's -T)",
      "  --split-percentage P train on P% of D.arff shuffled with the seed, test on the rest (WEKA's -split-percentage)",
      "  --preserve-order     with --split-percentage: no shuffle (WEKA's -preserve-order)",
      "  --no-cv              evaluate on the training data (WEKA's -no-cv)",
      "  --predictions P.csv  evaluate given predictions of D.arff's instances instead of a classifier",
      "  --class INDEX        the class attribute: a name, a 1-based index, first or last (default last)",
      "  --bench-predictions FILE  time WEKA's Evaluation over a binary predictions file (see README.md)",
      "  --repeat N           with --bench-predictions: timed runs after one warm-up, the best kept (default 3)",
      "  --verbose            let WEKA's own messages through to stderr",
      "");

  /** A problem worth one line on stderr: bad input, or WEKA refusing it. */
  static final class Failure extends Exception {
    private static final long serialVersionUID = 1L;

    Failure(String message) {
      super(message);
    }
  }

  /** The parsed command line. */
  static final class Arguments {
    String data;
    String classifier;
    String options;
    Integer folds;
    Integer seed;
    String classIndex;
    String test;
    String predictions;
    String benchPredictions;
    Integer repeat;
    Double splitPercentage;
    boolean preserveOrder;
    boolean noCv;
    boolean verbose;
    boolean help;

    static Arguments parse(String[] argv) throws Failure {
      Arguments a = new Arguments();
      for (int i = 0; i < argv.length; i++) {
        String name = argv[i];
        String value = null;
        int equals = name.indexOf('=');
        if (name.startsWith("--") && equals > 0) {
          value = name.substring(equals + 1);
          name = name.substring(0, equals);
        }
        if (name.equals("--help") || name.equals("-h")) {
          a.help = true;
          continue;
        }
        if (name.equals("--verbose")) {
          a.verbose = true;
          continue;
        }
        if (name.equals("--preserve-order")) {
          a.preserveOrder = true;
          continue;
        }
        if (name.equals("--no-cv")) {
          a.noCv = true;
          continue;
        }
        if (!name.equals("--data") && !name.equals("--classifier") && !name.equals("--options")
            && !name.equals("--folds") && !name.equals("--seed") && !name.equals("--class")
            && !name.equals("--test") && !name.equals("--predictions") && !name.equals("--split-percentage")
            && !name.equals("--bench-predictions") && !name.equals("--repeat")) {
          throw new Failure("unknown argument " + quote(argv[i]) + " (see --help)");
        }
        if (value == null) {
          if (i + 1 >= argv.length) {
            throw new Failure(name + " needs a value");
          }
          value = argv[++i];
        }
        switch (name) {
          case "--data": a.data = value; break;
          case "--classifier": a.classifier = value; break;
          case "--options": a.options = value; break;
          case "--folds": a.folds = integer(name, value); break;
          case "--seed": a.seed = integer(name, value); break;
          case "--class": a.classIndex = value; break;
          case "--test": a.test = value; break;
          case "--split-percentage": a.splitPercentage = percentage(name, value); break;
          case "--bench-predictions": a.benchPredictions = value; break;
          case "--repeat": a.repeat = integer(name, value); break;
          default: a.predictions = value; break;
        }
      }
      if (a.help) {
        return a;
      }
      if (a.benchPredictions != null) {
        if (a.data != null || a.classifier != null || a.options != null || a.folds != null || a.seed != null
            || a.classIndex != null || a.test != null || a.predictions != null || a.splitPercentage != null
            || a.preserveOrder || a.noCv) {
          throw new Failure("--bench-predictions takes no other argument than --repeat and --verbose");
        }
        if (a.repeat != null && a.repeat < 1) {
          throw new Failure("--repeat must be at least 1, got " + a.repeat);
        }
        return a;
      }
      if (a.repeat != null) {
        throw new Failure("--repeat is for --bench-predictions");
      }
      if (a.data == null) {
        throw new Failure("--data D.arff is required (see --help)");
      }
      if ((a.classifier == null) == (a.predictions == null)) {
        throw new Failure("give exactly one of --classifier NAME and --predictions FILE");
      }
      if (a.predictions != null && (a.options != null || a.test != null || a.folds != null || a.seed != null
          || a.splitPercentage != null || a.preserveOrder || a.noCv)) {
        throw new Failure("--predictions takes no --options, --test, --folds, --seed, --split-percentage, "
            + "--preserve-order or --no-cv");
      }
      if (a.test != null && (a.folds != null || a.seed != null)) {
        throw new Failure("--folds and --seed are for cross-validation, not for --test");
      }
      // WEKA's command line refuses these combinations too (Evaluation.evaluateModel)
      if (a.noCv && a.test != null) {
        throw new Failure("--no-cv with --test: WEKA refuses to turn off cross-validation when a test file is given");
      }
      if (a.splitPercentage != null && a.test != null) {
        throw new Failure("--split-percentage with --test: WEKA cannot perform a percentage split when a test file is given");
      }
      if (a.preserveOrder && a.splitPercentage == null) {
        throw new Failure("--preserve-order needs --split-percentage (WEKA: Split percentage is missing)");
      }
      if (a.folds != null && (a.splitPercentage != null || a.noCv)) {
        throw new Failure("--folds is for cross-validation, not for --split-percentage or --no-cv");
      }
      if (a.seed != null && a.noCv && a.splitPercentage == null) {
        throw new Failure("--seed is for cross-validation or --split-percentage, not for --no-cv");
      }
      if (a.folds != null && a.folds < 2) {
        throw new Failure("--folds must be at least 2, got " + a.folds);
      }
      return a;
    }

    private static double percentage(String name, String value) throws Failure {
      double p;
      try {
        p = Double.parseDouble(value.trim());
      } catch (NumberFormatException e) {
        throw new Failure(name + " must be a number, got " + quote(value));
      }
      if (!(p > 0 && p < 100)) {
        throw new Failure(name + " must be above 0 and below 100, got " + quote(value));
      }
      return p;
    }

    private static int integer(String name, String value) throws Failure {
      try {
        return Integer.parseInt(value.trim());
      } catch (NumberFormatException e) {
        throw new Failure(name + " must be an integer, got " + quote(value));
      }
    }
  }

  public static void main(String[] argv) {
    System.exit(execute(argv, utf8(new FileOutputStream(FileDescriptor.out)),
        utf8(new FileOutputStream(FileDescriptor.err))));
  }

  /**
   * One invocation, as run.sh's: the JSON object (or --help's usage) on out, a one-line error on err; returns the
   * exit status (0, or 2 after an error).  System.out and System.err, which WEKA prints to, are discarded (or sent
   * to err with --verbose) during the call and restored after it, and so are the two system properties it sets, so
   * one JVM can run it any number of times (tests/package/test_java_reference.py does).
   */
  public static int execute(String[] argv, PrintStream out, PrintStream err) {
    Arguments arguments;
    try {
      arguments = Arguments.parse(argv);
    } catch (Failure failure) {
      return fail(err, failure.getMessage());
    }
    if (arguments.help) {
      out.print(USAGE);
      out.flush();
      return 0;
    }
    PrintStream originalOut = System.out;
    PrintStream originalErr = System.err;
    String originalPackages = System.getProperty("weka.packageManager.loadPackages");
    String originalHeadless = System.getProperty("java.awt.headless");
    String json;
    try {
      // No WEKA packages, no GUI; and nothing WEKA prints may reach our stdout.
      System.setProperty("weka.packageManager.loadPackages", "false");
      System.setProperty("java.awt.headless", "true");
      PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
      System.setOut(arguments.verbose ? err : quiet);
      System.setErr(arguments.verbose ? err : quiet);
      json = arguments.benchPredictions != null
          ? PredictionsBench.run(arguments.benchPredictions, arguments.repeat == null ? 3 : arguments.repeat)
          : run(arguments);
    } catch (Failure failure) {
      return fail(err, failure.getMessage());
    } catch (Throwable throwable) { // WEKA's exceptions, and the JVM's: one line, no stack trace
      return fail(err, describe(throwable));
    } finally {
      System.out.flush();
      System.err.flush();
      System.setOut(originalOut);
      System.setErr(originalErr);
      restoreProperty("weka.packageManager.loadPackages", originalPackages);
      restoreProperty("java.awt.headless", originalHeadless);
    }
    out.print(json);
    out.print('\n');
    out.flush();
    return 0;
  }

  private static void restoreProperty(String name, String value) {
    if (value == null) {
      System.clearProperty(name);
    } else {
      System.setProperty(name, value);
    }
  }

  private static int fail(PrintStream err, String message) {
    err.println(PROGRAM + ": error: " + oneLine(message));
    err.flush();
    return 2;
  }

  private static PrintStream utf8(OutputStream stream) {
    return new PrintStream(stream, false, StandardCharsets.UTF_8);
  }

  /** An exception as one readable line: WEKA's plain messages as they are, others with their type. */
  static String describe(Throwable throwable) {
    String message = throwable.getMessage();
    String type = throwable.getClass().getSimpleName();
    boolean plain = throwable.getClass() == Exception.class || throwable instanceof WekaException;
    if (message == null || message.trim().isEmpty()) {
      return type;
    }
    return plain ? message : type + ": " + message;
  }

  static String oneLine(String message) {
    return message.strip().replaceAll("\\s*\\R\\s*", " ");
  }

  // ---------------------------------------------------------------------------------------------
  // The evaluation

  static String run(Arguments a) throws Exception {
    Instances data = load(a.data, "--data");
    int classIndex = classIndex(a.classIndex, data);
    data.setClassIndex(classIndex);
    Attribute classAttribute = data.classAttribute();
    if (!classAttribute.isNominal() && !classAttribute.isNumeric()) {
      throw new Failure(a.data + ": the class attribute " + quote(classAttribute.name()) + " is a "
          + Attribute.typeToString(classAttribute) + " attribute; it must be nominal or numeric");
    }

    Evaluation evaluation;
    int instances;
    if (a.predictions != null) {
      evaluation = new Evaluation(data);
      instances = evaluatePredictions(evaluation, data, a.predictions, a.data);
    } else {
      Classifier classifier = classifier(a.classifier, a.options == null ? "" : a.options);
      if (a.test != null) {
        Instances test = load(a.test, "--test");
        String difference = classIndex < test.numAttributes() ? null
            : "the test set has " + test.numAttributes() + " attributes, the class is attribute " + (classIndex + 1);
        if (difference == null) {
          test.setClassIndex(classIndex);
          difference = data.equalHeadersMsg(test);
        }
        if (difference != null) {
          throw new Failure("train and test file not compatible: " + difference);
        }
        buildAsTheCommandLineDoes(classifier, data);
        evaluation = new Evaluation(data);
        evaluation.evaluateModel(classifier, test);
        instances = test.numInstances();
      } else if (a.splitPercentage != null) {
        // WEKA's -split-percentage: shuffle a copy with Random(seed) unless -preserve-order, train on the first
        // Math.round(n * P / 100) instances (built in one go), test on the rest
        Instances shuffled = new Instances(data);
        if (!a.preserveOrder) {
          shuffled.randomize(new Random(a.seed == null ? 1 : a.seed));
        }
        int trainSize = (int) Math.round(shuffled.numInstances() * a.splitPercentage / 100);
        int testSize = shuffled.numInstances() - trainSize;
        Instances train = new Instances(shuffled, 0, trainSize);
        Instances test = new Instances(shuffled, trainSize, testSize);
        classifier.buildClassifier(train);
        evaluation = new Evaluation(train);
        evaluation.evaluateModel(classifier, test);
        instances = testSize;
      } else if (a.noCv) {
        // WEKA's -no-cv: "Error on training data"
        buildAsTheCommandLineDoes(classifier, data);
        evaluation = new Evaluation(data);
        evaluation.evaluateModel(classifier, data);
        instances = data.numInstances();
      } else {
        int folds = a.folds == null ? 10 : a.folds;
        int seed = a.seed == null ? 1 : a.seed;
        evaluation = new Evaluation(data);
        evaluation.crossValidateModel(classifier, data, folds, new Random(seed));
        instances = data.numInstances();
      }
    }

    boolean nominal = classAttribute.isNominal();
    boolean crossValidation = a.classifier != null && a.test == null && a.splitPercentage == null && !a.noCv;
    boolean split = a.classifier != null && a.splitPercentage != null;
    Json json = new Json();
    json.field("weka_version", Version.VERSION);
    json.field("mode", a.predictions != null ? "predictions" : a.test != null ? "test-set"
        : split ? "split" : a.noCv ? "training-set" : "cross-validation");
    json.field("dataset", a.data);
    json.field("test", a.test);
    json.field("predictions", a.predictions);
    json.field("classifier", a.classifier);
    json.field("options", a.classifier == null ? null : (a.options == null ? "" : a.options));
    json.field("folds", crossValidation ? (Integer) (a.folds == null ? 10 : a.folds) : null);
    json.field("seed", crossValidation || (split && !a.preserveOrder) ? (Integer) (a.seed == null ? 1 : a.seed) : null);
    json.field("split_percentage", split ? a.splitPercentage : null);
    json.field("preserve_order", a.preserveOrder);
    json.field("class_attribute", classAttribute.name());
    json.field("instances", instances);
    if (nominal) {
      List<String> names = new ArrayList<>();
      for (int i = 0; i < classAttribute.numValues(); i++) {
        names.add(classAttribute.value(i));
      }
      json.field("class_names", names);
      json.field("kappa", evaluation.kappa());
      json.field("confusion_matrix", evaluation.confusionMatrix());
    } else {
      json.field("class_names", null);
      json.field("kappa", null);
      json.field("confusion_matrix", null);
    }
    json.field("unclassified", evaluation.unclassified());
    json.field("missing_class", evaluation.missingClass());
    json.field("pct_correct", nominal ? (Double) evaluation.pctCorrect() : null);
    json.field("correlation", nominal ? null : (Double) evaluation.correlationCoefficient());
    return json.close();
  }

  /** Builds on all of data as WEKA's command line does: incrementally for an UpdateableClassifier. */
  static void buildAsTheCommandLineDoes(Classifier classifier, Instances data) throws Exception {
    if (classifier instanceof weka.classifiers.UpdateableClassifier) {
      classifier.buildClassifier(new Instances(data, 0));
      for (int i = 0; i < data.numInstances(); i++) {
        ((weka.classifiers.UpdateableClassifier) classifier).updateClassifier(data.instance(i));
      }
      if (classifier instanceof weka.classifiers.UpdateableBatchProcessor) {
        ((weka.classifiers.UpdateableBatchProcessor) classifier).batchFinished();
      }
    } else {
      classifier.buildClassifier(data);
    }
  }

  /** The classifier as WEKA's command line makes it: forName with the split options, none left over. */
  static Classifier classifier(String name, String optionString) throws Failure {
    String[] options;
    try {
      options = Utils.splitOptions(optionString);
    } catch (Exception e) {
      throw new Failure("--options " + quote(optionString) + ": " + describe(e));
    }
    String resolved = resolveClassifier(name);
    try {
      Classifier classifier = AbstractClassifier.forName(resolved, options);
      Utils.checkForRemainingOptions(options);
      return classifier;
    } catch (ClassNotFoundException e) {
      throw new Failure("--classifier " + quote(name) + ": no such classifier in WEKA (" + describe(e) + ")");
    } catch (Exception e) {
      String what = optionString.isEmpty() ? "" : " with --options " + quote(optionString);
      throw new Failure("--classifier " + quote(name) + what + ": " + describe(e));
    }
  }

  /**
   * A short name as wekaeval's bridge reads it (bridge.resolve_classifier): the one concrete Classifier under
   * weka/classifiers/ in weka.jar with that simple name (Logistic is weka.classifiers.functions.Logistic, where
   * WEKA's own lookup finds it ambiguous).  Full names are left to WEKA.
   */
  static String resolveClassifier(String name) throws Failure {
    if (name.contains(".")) {
      return name;
    }
    List<String> candidates = new ArrayList<>();
    try (JarFile jar = new JarFile(new File(
        Classifier.class.getProtectionDomain().getCodeSource().getLocation().toURI()))) {
      for (Enumeration<JarEntry> entries = jar.entries(); entries.hasMoreElements();) {
        String entry = entries.nextElement().getName();
        if (entry.startsWith("weka/classifiers/") && entry.endsWith("/" + name + ".class")) {
          String full = entry.substring(0, entry.length() - ".class".length()).replace('/', '.');
          try {
            Class<?> type = Class.forName(full, false, WekaReference.class.getClassLoader());
            if (Classifier.class.isAssignableFrom(type) && !type.isInterface()
                && !Modifier.isAbstract(type.getModifiers())) {
              candidates.add(full);
            }
          } catch (ClassNotFoundException | LinkageError e) {
            // not loadable here: not a candidate
          }
        }
      }
    } catch (IOException | URISyntaxException | SecurityException | IllegalArgumentException e) {
      return name; // weka.jar not readable as a file: WEKA's own lookup decides
    }
    Collections.sort(candidates);
    if (candidates.size() == 1) {
      return candidates.get(0);
    }
    if (candidates.isEmpty()) {
      throw new Failure("--classifier " + quote(name) + ": no WEKA classifier has that name");
    }
    throw new Failure("--classifier " + quote(name) + " is ambiguous: it could be " + String.join(", ", candidates)
        + "; give the full class name");
  }

  static Instances load(String path, String argument) throws Exception {
    if (!path.contains("://")) {
      File file = new File(path);
      if (!file.exists()) {
        throw new Failure(argument + " " + path + ": no such file");
      }
      if (!file.isFile() || !file.canRead()) {
        throw new Failure(argument + " " + path + ": not a readable file");
      }
    }
    Instances data;
    try {
      // DataSource.getDataSet() prints an incremental loader's exception and returns null: ask the
      // loader itself (ArffLoader for .arff), whose exception names the line.
      DataSource source = new DataSource(path);
      data = source.isIncremental() ? source.getLoader().getDataSet() : source.getDataSet();
    } catch (Exception e) {
      throw new Failure(argument + " " + path + ": WEKA cannot read it: " + describe(e));
    }
    if (data == null || data.numAttributes() == 0) {
      throw new Failure(argument + " " + path + ": WEKA read no attributes from it");
    }
    return data;
  }

  /**
   * The class attribute, by wekaeval's one rule (wekaeval.classattr.class_index): WEKA's -c (first, last, a 1-based
   * index) or an attribute's name; default last.  A keyword or index that is also another attribute's name is
   * refused.  Returns a 0-based index.
   */
  static int classIndex(String given, Instances data) throws Failure {
    int count = data.numAttributes();
    if (given == null) {
      return count - 1;
    }
    Integer keyword = null;
    if (given.equals("first")) {
      keyword = 0;
    } else if (given.equals("last")) {
      keyword = count - 1;
    } else if (!given.isEmpty() && given.chars().allMatch(c -> c >= '0' && c <= '9')) {
      int index;
      try {
        index = Integer.parseInt(given);
      } catch (NumberFormatException e) {
        index = -1;
      }
      if (index < 1 || index > count) {
        throw new Failure("--class " + given + ": 1-based index out of range, the data has " + count
            + " attributes (1.." + count + ", first or last)");
      }
      keyword = index - 1;
    }
    Attribute named = data.attribute(given);
    if (keyword == null) {
      if (named == null) {
        throw new Failure("--class " + quote(given) + " is not one of the attributes; give a name, a 1-based index, "
            + "first or last");
      }
      return named.index();
    }
    if (named != null && named.index() != keyword) {
      throw new Failure("--class " + quote(given) + ": WEKA's -c reads it as attribute " + (keyword + 1) + " ("
          + quote(data.attribute(keyword).name()) + "), but attribute " + (named.index() + 1) + " is named "
          + quote(given));
    }
    return keyword;
  }

  // ---------------------------------------------------------------------------------------------
  // Predictions files

  private static final Pattern DECIMAL = Pattern.compile("[+-]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?");

  /** Feeds every row of the predictions file to evaluateModelOnce; returns the number of rows. */
  static int evaluatePredictions(Evaluation evaluation, Instances data, String path, String dataPath) throws Exception {
    List<Record> records = Csv.read(path);
    if (records.isEmpty()) {
      throw new Failure(path + ": empty file, expected a header row");
    }
    Record headerRecord = records.get(0);
    List<Record> body = records.subList(1, records.size());
    Attribute classAttribute = data.classAttribute();
    boolean nominal = classAttribute.isNominal();

    Map<String, Integer> columns = new LinkedHashMap<>();
    for (int j = 0; j < headerRecord.cells.size(); j++) {
      String column = headerRecord.cells.get(j).strip();
      boolean known = column.equals("predicted") || column.equals("actual")
          || (nominal && classAttribute.indexOfValue(column) >= 0);
      if (!known) {
        throw new Failure(path + ":" + headerRecord.line + ": unknown column " + quote(column) + "; expected "
            + (nominal ? "'predicted' or the class labels " + labels(classAttribute) : "'predicted' (the class is numeric)")
            + ", and optionally 'actual'");
      }
      if (columns.put(column, j) != null) {
        throw new Failure(path + ":" + headerRecord.line + ": column " + quote(column) + " appears twice in the header");
      }
    }
    Integer predictedColumn = columns.get("predicted");
    int[] probabilityColumns = null;
    if (predictedColumn != null) {
      if (columns.size() > (columns.containsKey("actual") ? 2 : 1)) {
        throw new Failure(path + ":" + headerRecord.line
            + ": give either a 'predicted' column or distribution columns, not both");
      }
    } else {
      if (!nominal) {
        throw new Failure(path + ":" + headerRecord.line + ": no 'predicted' column (the class is numeric)");
      }
      probabilityColumns = new int[classAttribute.numValues()];
      for (int k = 0; k < probabilityColumns.length; k++) {
        Integer column = columns.get(classAttribute.value(k));
        if (column == null) {
          throw new Failure(path + ":" + headerRecord.line + ": no 'predicted' column, and no distribution column for class "
              + quote(classAttribute.value(k)));
        }
        probabilityColumns[k] = column;
      }
    }
    if (body.size() != data.numInstances()) {
      throw new Failure(path + ": " + body.size() + " prediction rows for " + data.numInstances() + " instances in "
          + dataPath);
    }

    int width = headerRecord.cells.size();
    for (int i = 0; i < body.size(); i++) {
      Record record = body.get(i);
      String where = path + ":" + record.line;
      if (record.cells.size() != width) {
        throw new Failure(where + ": " + record.cells.size() + " fields, the header has " + width);
      }
      double[] distribution;
      if (predictedColumn != null) {
        String label = record.cells.get(predictedColumn).strip();
        if (nominal) {
          distribution = new double[classAttribute.numValues()];
          if (!label.equals("?") && !label.isEmpty()) {
            int index = classAttribute.indexOfValue(label);
            if (index < 0) {
              throw new Failure(where + ": predicted label " + quote(label) + " is not one of " + labels(classAttribute));
            }
            distribution[index] = 1.0;
          }
        } else {
          double value = label.equals("?") || label.isEmpty() ? Utils.missingValue() : number(label, where, "predicted value");
          distribution = new double[] {value};
        }
      } else {
        distribution = new double[probabilityColumns.length];
        for (int k = 0; k < distribution.length; k++) {
          distribution[k] = number(record.cells.get(probabilityColumns[k]), where,
              "probability of " + quote(classAttribute.value(k)));
        }
      }
      Instance instance = data.instance(i);
      try {
        evaluation.evaluateModelOnce(distribution, instance);
      } catch (Exception | Error e) {
        throw new Failure(where + ": WEKA's Evaluation threw " + e.getClass().getSimpleName()
            + (e.getMessage() == null ? "" : ": " + e.getMessage()) + " on instance " + (i + 1));
      }
    }
    return body.size();
  }

  /** A decimal number, or Python's spellings nan, inf, -inf (any case); Java's suffixes d/f are refused. */
  static double number(String cell, String where, String what) throws Failure {
    String text = cell.strip();
    if (DECIMAL.matcher(text).matches()) {
      return Double.parseDouble(text);
    }
    String lower = text.toLowerCase(Locale.ROOT);
    String unsigned = lower.startsWith("+") || lower.startsWith("-") ? lower.substring(1) : lower;
    if (unsigned.equals("nan")) {
      return Double.NaN;
    }
    if (unsigned.equals("inf") || unsigned.equals("infinity")) {
      return lower.startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
    }
    throw new Failure(where + ": " + what + " is not a number: " + quote(cell));
  }

  private static String labels(Attribute attribute) {
    StringBuilder text = new StringBuilder("[");
    for (int i = 0; i < attribute.numValues(); i++) {
      text.append(i == 0 ? "" : ", ").append(quote(attribute.value(i)));
    }
    return text.append(']').toString();
  }

  static String quote(String text) {
    return "'" + text + "'";
  }

  /** One CSV record: its cells and the line it starts on. */
  static final class Record {
    final int line;
    final List<String> cells;

    Record(int line, List<String> cells) {
      this.line = line;
      this.cells = cells;
    }
  }

  /** RFC 4180 CSV: comma-separated cells, double-quoted cells with "" for a quote; blank lines skipped. */
  static final class Csv {
    static List<Record> read(String path) throws Failure {
      File file = new File(path);
      if (!file.exists()) {
        throw new Failure("--predictions " + path + ": no such file");
      }
      String text;
      try {
        byte[] bytes = Files.readAllBytes(file.toPath());
        text = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT)
            .decode(ByteBuffer.wrap(bytes)).toString();
      } catch (CharacterCodingException e) {
        throw new Failure(path + ": not UTF-8 text");
      } catch (IOException e) {
        throw new Failure("--predictions " + path + ": cannot read: " + describe(e));
      }
      if (text.startsWith("\uFEFF")) {
        text = text.substring(1);
      }
      return parse(text, path);
    }

    static List<Record> parse(String text, String path) throws Failure {
      List<Record> records = new ArrayList<>();
      int n = text.length();
      int i = 0;
      int line = 1;
      while (i < n) {
        int recordLine = line;
        List<String> cells = new ArrayList<>();
        boolean quoted = false;
        while (true) {
          StringBuilder cell = new StringBuilder();
          if (i < n && text.charAt(i) == '"') {
            quoted = true;
            int quoteLine = line;
            i++;
            while (true) {
              if (i >= n) {
                throw new Failure(path + ":" + quoteLine + ": a quoted cell is never closed");
              }
              char c = text.charAt(i);
              if (c == '"') {
                if (i + 1 < n && text.charAt(i + 1) == '"') {
                  cell.append('"');
                  i += 2;
                  continue;
                }
                i++;
                break;
              }
              if (c == '\n' || (c == '\r' && (i + 1 >= n || text.charAt(i + 1) != '\n'))) {
                line++;
              }
              cell.append(c);
              i++;
            }
            if (i < n && text.charAt(i) != ',' && text.charAt(i) != '\r' && text.charAt(i) != '\n') {
              throw new Failure(path + ":" + line + ": text after the closing quote of a cell");
            }
          } else {
            while (i < n) {
              char c = text.charAt(i);
              if (c == ',' || c == '\r' || c == '\n') {
                break;
              }
              if (c == '"') {
                throw new Failure(path + ":" + line + ": a quote inside an unquoted cell (quote the whole cell, "
                    + "doubling the quotes inside it)");
              }
              cell.append(c);
              i++;
            }
          }
          cells.add(cell.toString());
          if (i < n && text.charAt(i) == ',') {
            i++;
            continue;
          }
          if (i < n) { // end of line: \n, \r\n or \r
            if (text.charAt(i) == '\r' && i + 1 < n && text.charAt(i + 1) == '\n') {
              i++;
            }
            i++;
            line++;
          }
          break;
        }
        boolean blank = !quoted && cells.size() == 1 && cells.get(0).isEmpty();
        if (!blank) {
          records.add(new Record(recordLine, cells));
        }
      }
      return records;
    }
  }

  // ---------------------------------------------------------------------------------------------
  // JSON output, by hand

  /** One JSON object, its fields in order; doubles through Double.toString (NaN, Infinity bare). */
  static final class Json {
    private final StringBuilder text = new StringBuilder("{");
    private boolean first = true;

    void field(String name, Object value) {
      text.append(first ? "\n  " : ",\n  ");
      first = false;
      string(name);
      text.append(": ");
      value(value);
    }

    String close() {
      return text.append("\n}").toString();
    }

    private void value(Object value) {
      if (value == null) {
        text.append("null");
      } else if (value instanceof String) {
        string((String) value);
      } else if (value instanceof Double) {
        text.append(Double.toString((Double) value));
      } else if (value instanceof Integer || value instanceof Long || value instanceof Boolean) {
        text.append(value.toString());
      } else if (value instanceof double[]) {
        text.append('[');
        double[] items = (double[]) value;
        for (int i = 0; i < items.length; i++) {
          text.append(i == 0 ? "" : ", ").append(Double.toString(items[i]));
        }
        text.append(']');
      } else if (value instanceof Map) {
        text.append('{');
        boolean firstEntry = true;
        for (Map.Entry<?, ?> entry : ((Map<?, ?>) value).entrySet()) {
          text.append(firstEntry ? "\n    " : ",\n    ");
          firstEntry = false;
          string(entry.getKey().toString());
          text.append(": ");
          value(entry.getValue());
        }
        text.append("\n  }");
      } else if (value instanceof double[][]) {
        double[][] rows = (double[][]) value;
        text.append('[');
        for (int i = 0; i < rows.length; i++) {
          text.append(i == 0 ? "[" : ",\n    [");
          for (int j = 0; j < rows[i].length; j++) {
            text.append(j == 0 ? "" : ", ").append(Double.toString(rows[i][j]));
          }
          text.append(']');
        }
        text.append(']');
      } else if (value instanceof List) {
        text.append('[');
        boolean firstItem = true;
        for (Object item : (List<?>) value) {
          text.append(firstItem ? "" : ", ");
          firstItem = false;
          value(item);
        }
        text.append(']');
      } else {
        throw new IllegalArgumentException("no JSON for " + value.getClass());
      }
    }

    private static final Map<Character, String> ESCAPES = new HashMap<>();

    static {
      ESCAPES.put('"', "\\\"");
      ESCAPES.put('\\', "\\\\");
      ESCAPES.put('\b', "\\b");
      ESCAPES.put('\f', "\\f");
      ESCAPES.put('\n', "\\n");
      ESCAPES.put('\r', "\\r");
      ESCAPES.put('\t', "\\t");
    }

    private void string(String value) {
      text.append('"');
      for (int i = 0; i < value.length(); i++) {
        char c = value.charAt(i);
        String escape = ESCAPES.get(c);
        if (escape != null) {
          text.append(escape);
        } else if (c < 0x20 || c == 0x7f || c == '\u2028' || c == '\u2029'
            || (Character.isSurrogate(c) && !pairedSurrogate(value, i))) {
          text.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
        } else {
          text.append(c);
        }
      }
      text.append('"');
    }

    private static boolean pairedSurrogate(String value, int i) {
      char c = value.charAt(i);
      if (Character.isHighSurrogate(c)) {
        return i + 1 < value.length() && Character.isLowSurrogate(value.charAt(i + 1));
      }
      return i > 0 && Character.isHighSurrogate(value.charAt(i - 1));
    }
  }
}
