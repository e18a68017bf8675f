import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { workspaceRoot } from '../database/migrate';

// Issue 33: compose's `monitoring` profile (Prometheus with the alert rules, Grafana with the
// dashboard) checked with the tools that will read it: Debian's promtool and docker-compose
// (.ci/run installs both), and against what the app really exposes.

const run = promisify(execFile);
const root = workspaceRoot();
const monitoring = join(root, 'ops/monitoring');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

async function tool(command: string, args: string[], options: { cwd?: string; env?: Record<string, string> } = {}) {
  try {
    return await run(command, args, { cwd: options.cwd ?? root, env: { ...process.env, ...options.env } });
  } catch (error) {
    const { code, stdout, stderr } = error as { code?: string | number; stdout?: string; stderr?: string };
    if (code === 'ENOENT') throw new Error(`${command} is missing: install Debian's ${command === 'promtool' ? 'prometheus' : 'docker-compose'} package (.ci/run does)`);
    throw new Error(`${command} ${args.join(' ')} failed:\n${stdout ?? ''}${stderr ?? ''}`);
  }
}

describe('the monitoring profile', () => {
  it("passes promtool: the scrape config's syntax, the rules, and the rules' own unit tests", async () => {
    expect((await tool('promtool', ['check', 'config', '--syntax-only', 'prometheus.yml'], { cwd: monitoring })).stdout).toContain('SUCCESS');
    expect((await tool('promtool', ['check', 'rules', 'alert-rules.yml'], { cwd: monitoring })).stdout).toContain('SUCCESS');
    expect((await tool('promtool', ['test', 'rules', 'alert-rules.test.yml'], { cwd: monitoring })).stdout).toContain('SUCCESS');
  });

  it('is valid compose with and without the profile, and needs no monitoring setting when it is off', async () => {
    const required = { JWT_SECRET: 'x'.repeat(32), STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    const env = { ...required, OPS_TOKEN: '', GRAFANA_ADMIN_PASSWORD: '' };
    await tool('docker-compose', ['config', '-q'], { env });
    await tool('docker-compose', ['--profile', 'monitoring', 'config', '-q'], { env });
    const services = (await tool('docker-compose', ['--profile', 'monitoring', 'config', '--services'], { env })).stdout.split('\n');
    expect(services).toEqual(expect.arrayContaining(['prometheus', 'grafana', 'app', 'worker', 'backup']));
  });

  it("scrapes where the app serves: the web's /api/metrics, and the worker's METRICS_PORT of compose", () => {
    const config = read('ops/monitoring/prometheus.yml');
    const compose = read('docker-compose.yml');
    const workerPort = /METRICS_PORT: \$\{METRICS_PORT:-(\d+)\}/.exec(compose)?.[1];
    expect(workerPort).toBeDefined();
    expect(config).toMatch(/job_name: husly-web\s+metrics_path: \/api\/metrics[\s\S]*?targets: \['app:3000'\]/);
    expect(config).toMatch(new RegExp(`job_name: husly-worker\\s+metrics_path: /metrics[\\s\\S]*?targets: \\['worker:${workerPort}'\\]`));
  });
});

describe('what the rules and the dashboard ask for', () => {
  const OPS_TOKEN = 'ops-token-for-the-monitoring-tests-0123456';
  let t: TestApp;
  let exposed: Set<string>;
  beforeAll(async () => {
    t = await createTestApp({ env: { OPS_TOKEN } });
    await t.request('GET', '/api/dwellings/latest');
    const text = (await t.request('GET', '/api/metrics', undefined, { authorization: `Bearer ${OPS_TOKEN}` })).text;
    exposed = new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]!));
  });
  afterAll(() => t?.close());

  /** The metric names an expression reads, without a histogram's _bucket/_count/_sum. */
  const names = (text: string) =>
    new Set([...text.matchAll(/\b((?:husly|nodejs|process)_[a-z0-9_]+)/g)].map((m) => m[1]!.replace(/_(bucket|count|sum)$/, '')));

  it('finds every series an alert rule reads in the scrape', () => {
    const read_ = names(read('ops/monitoring/alert-rules.yml'));
    expect(read_.size).toBeGreaterThan(5);
    expect([...read_].filter((name) => !exposed.has(name))).toEqual([]);
  });

  it('finds every series a dashboard panel reads in the scrape', () => {
    const dashboard = JSON.parse(read('ops/monitoring/grafana/dashboards/husly.json')) as { panels: { targets: { expr: string }[] }[] };
    const read_ = names(dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr)).join('\n'));
    expect(read_.size).toBeGreaterThan(8);
    expect([...read_].filter((name) => !exposed.has(name))).toEqual([]);
  });
});
