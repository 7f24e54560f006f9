/**
 * Prints a line when the run starts (Jest's own reporter prints nothing until the first file
 * finishes, which takes a while: the stack tests bundle every function) and one plain closing line,
 * "N passed, N failed", that CI reads in any language.
 */
class SummaryReporter {
  constructor(globalConfig) {
    this.workers = globalConfig?.maxWorkers;
  }

  onRunStart(results) {
    process.stdout.write(
      `jest: ${results.numTotalTestSuites} test files on ${this.workers ?? '?'} workers; results appear as files finish (the slowest take about a minute)\n`,
    );
  }

  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    process.stdout.write(
      `\ntests: ${results.numPassedTests} passed, ${results.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}\n`,
    );
  }
}
module.exports = SummaryReporter;
