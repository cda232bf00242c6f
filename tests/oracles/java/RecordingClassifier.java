package wekaeval.tests;

import java.io.File;
import java.lang.reflect.Field;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import weka.classifiers.AbstractClassifier;
import weka.core.Instance;
import weka.core.Instances;
import weka.core.WekaPackageClassLoaderManager;
import weka.core.WekaPackageLibIsolatingClassLoader;

/**
 * A classifier for the tests that records what WEKA hands it: the first attribute of every instance holds its
 * original index. Each buildClassifier call records the training indices in order, each distributionForInstance
 * call the index of the instance it predicts. WEKA copies the classifier before each fold (makeCopy), so the
 * records are static; {@link #reset} clears them. It predicts a uniform distribution (0 for a numeric class).
 *
 * <p>makeCopy deserializes the copy with the class loaders WEKA knows: {@link Loader} is one, registered with
 * WEKA's package class loader manager for this class, as a WEKA package's loader would be.
 */
public class RecordingClassifier extends AbstractClassifier {
  private static final long serialVersionUID = 1L;
  private static final List<double[]> TRAININGS = new ArrayList<double[]>();
  private static final List<Double> TESTED = new ArrayList<Double>();
  private int numClasses = 1;

  public static synchronized void reset() {
    TRAININGS.clear();
    TESTED.clear();
  }

  /** Each buildClassifier call's training indices, in the order WEKA gave them. */
  public static synchronized double[][] trainings() {
    return TRAININGS.toArray(new double[0][]);
  }

  /** The indices of the instances predicted, in order. */
  public static synchronized double[] tested() {
    double[] out = new double[TESTED.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = TESTED.get(i);
    }
    return out;
  }

  @Override
  public void buildClassifier(Instances data) {
    double[] indices = new double[data.numInstances()];
    for (int i = 0; i < indices.length; i++) {
      indices[i] = data.instance(i).value(0);
    }
    numClasses = data.classAttribute().isNominal() ? data.numClasses() : 1;
    synchronized (RecordingClassifier.class) {
      TRAININGS.add(indices);
    }
  }

  @Override
  public double[] distributionForInstance(Instance instance) {
    synchronized (RecordingClassifier.class) {
      TESTED.add(instance.value(0));
    }
    double[] distribution = new double[numClasses];
    if (numClasses > 1) {
      java.util.Arrays.fill(distribution, 1.0 / numClasses);
    }
    return distribution;
  }

  /** A class loader for a directory of compiled classes, which WEKA's deserialization consults for this class. */
  public static class Loader extends WekaPackageLibIsolatingClassLoader {
    public Loader(File directory) throws Exception {
      super(WekaPackageClassLoaderManager.getWekaPackageClassLoaderManager(), directory);
      addURL(directory.toURI().toURL());
    }

    @Override
    protected void init(File packageDir) {
      // no WEKA package behind it: the directory is added in the constructor
    }

    /** This loader's RecordingClassifier, registered with WEKA's class loader manager. */
    @SuppressWarnings("unchecked")
    public Class<?> register() throws Exception {
      String name = RecordingClassifier.class.getName();
      Field lookup = WekaPackageClassLoaderManager.class.getDeclaredField("m_classBasedClassLoaderLookup");
      lookup.setAccessible(true);
      ((Map<String, Object>) lookup.get(WekaPackageClassLoaderManager.getWekaPackageClassLoaderManager()))
        .put(name, this);
      return loadClass(name);
    }
  }
}
