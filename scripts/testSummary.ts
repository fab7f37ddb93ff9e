import { existsSync, readFileSync } from 'node:fs';

/**
 * Prints the closing line CI is judged by, "N passed, N failed", from Vitest's JSON report
 * (every project: unit, API on PGlite and PostgreSQL, end-to-end). A missing report means the
 * runner itself crashed, which is a failure, not a pass.
 */
interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}

const file = process.argv[2] ?? 'test-results/vitest.json';
if (!existsSync(file)) {
  console.error(`No test report at ${file}: the test runner did not finish.`);
  process.exit(1);
}
const report = JSON.parse(readFileSync(file, 'utf8')) as VitestReport;
const skipped = report.numPendingTests + report.numTodoTests;
console.log(
  `${report.numPassedTests} passed, ${report.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`,
);
if (report.numPassedTests === 0 || report.numFailedTests > 0) process.exit(1);
