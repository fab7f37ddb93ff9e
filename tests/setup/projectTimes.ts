import type { Reporter, TestModule } from 'vitest/node';

interface ProjectTime {
  files: number;
  tests: number;
  /** Time its files took in the workers (set-up, import, tests and hooks), summed. */
  busyMs: number;
  /** From its first file's start to its last file's end: its share of the wall clock. */
  firstStart: number;
  lastEnd: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Prints how long each test project took at the end of every run (`npm test`, CI), so a suite
 * that slows down shows where (issue 23). Files of several projects share the workers, so a
 * project's span can overlap another's; its busy time is its files' own.
 */
export default class ProjectTimes implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly projects = new Map<string, ProjectTime>();
  private runStart = 0;

  onInit(): void {
    this.runStart = performance.now();
  }

  onTestModuleStart(module: TestModule): void {
    this.started.set(module.moduleId, performance.now());
  }

  onTestModuleEnd(module: TestModule): void {
    const end = performance.now();
    const start = this.started.get(module.moduleId) ?? end;
    const diagnostic = module.diagnostic();
    const busy =
      diagnostic.environmentSetupDuration +
      diagnostic.prepareDuration +
      diagnostic.collectDuration +
      diagnostic.setupDuration +
      diagnostic.duration;
    const name = module.project.name || 'default';
    const time = this.projects.get(name) ?? {
      files: 0,
      tests: 0,
      busyMs: 0,
      firstStart: start,
      lastEnd: end,
    };
    time.files += 1;
    time.tests += [...module.children.allTests()].length;
    time.busyMs += busy;
    time.firstStart = Math.min(time.firstStart, start);
    time.lastEnd = Math.max(time.lastEnd, end);
    this.projects.set(name, time);
  }

  onTestRunEnd(): void {
    if (this.projects.size === 0) return;
    const width = Math.max(...[...this.projects.keys()].map((name) => name.length));
    const lines = [...this.projects].map(
      ([name, time]) =>
        `  ${name.padEnd(width)}  ${String(time.files).padStart(4)} files ${String(time.tests).padStart(5)} tests  busy ${seconds(time.busyMs).padStart(8)}  span ${seconds(time.lastEnd - time.firstStart).padStart(8)}`,
    );
    console.log(
      [
        '',
        'Time per test project:',
        ...lines,
        `  whole run ${seconds(performance.now() - this.runStart)}`,
        '',
      ].join('\n'),
    );
  }
}
