import type { Reporter, SerializedError, TestModule } from 'vitest/node';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Ends every run with the wall time of each test project and the slowest files, so a slow phase shows
 * in every CI log, and one plain line, "N passed, N failed" (", N skipped" when any), so CI logs and
 * scripts read the outcome without parsing Vitest's coloured summary.
 */
export default class SummaryReporter implements Reporter {
  private runStart = 0;
  /** Per project: when its first file started and its last file ended (projects run in groups, one after another). */
  private readonly projects = new Map<string, { start: number; end: number; files: number }>();

  onTestRunStart(): void {
    this.runStart = Date.now();
  }

  onTestModuleQueued(module: TestModule): void {
    const name = module.project.name || 'root';
    const now = Date.now();
    const p = this.projects.get(name);
    if (p) p.start = Math.min(p.start, now);
    else this.projects.set(name, { start: now, end: now, files: 0 });
  }

  onTestModuleEnd(module: TestModule): void {
    const p = this.projects.get(module.project.name || 'root');
    if (!p) return;
    p.end = Math.max(p.end, Date.now());
    p.files++;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    // An error outside any test (a broken global setup, an unhandled rejection) is a failure too.
    const counts = { passed: 0, failed: unhandledErrors.length, skipped: 0 };
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed++;
        else if (state === 'failed') counts.failed++;
        else counts.skipped++;
      }
      // A file that failed to load has no tests but must not read as green.
      if (module.state() === 'failed' && ![...module.children.allTests()].some((t) => t.result().state === 'failed')) counts.failed++;
    }
    const lines = ['', `== test phases (wall time; the whole run ${seconds(Date.now() - this.runStart)}, global setups included)`];
    for (const [name, p] of [...this.projects].sort((a, b) => a[1].start - b[1].start)) {
      lines.push(`   ${name.padEnd(10)} ${seconds(p.end - p.start).padStart(9)}  ${p.files} file(s)`);
    }
    const slowest = [...testModules]
      .map((m) => ({ name: `${m.project.name}: ${m.relativeModuleId}`, ms: m.diagnostic().duration + m.diagnostic().collectDuration }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 12);
    if (slowest.length > 1) {
      lines.push('   slowest files (tests, hooks and import):');
      for (const s of slowest) lines.push(`   ${seconds(s.ms).padStart(9)}  ${s.name}`);
    }
    const skipped = counts.skipped ? `, ${counts.skipped} skipped` : '';
    lines.push('', `${counts.passed} passed, ${counts.failed} failed${skipped}`);
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
