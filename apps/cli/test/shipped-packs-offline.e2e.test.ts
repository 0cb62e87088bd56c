import { join } from 'node:path';
import { loadPackCases, runChecks } from '@evalpacks/core';
import { loadSampleTranscripts } from '@evalpacks/core/runner';
import { describe, expect, it } from 'vitest';
import { listDomains, loadDomain } from '../src/packs/discover.ts';
import { runGuarded } from './bedrock-env.ts';
import { ROOT, summaryOf } from './run-cli.ts';

// The packs people install, not the frozen test packs the other end-to-end tests use: every case of every
// shipped pack (and of any pack a user added to domains/) answers offline from its reference answer.
process.env.EVALPACKS_DOMAINS_DIR = join(ROOT, 'domains');

/**
 * The CLI with no AWS credentials and every TCP connection it attempts, loopback included, recorded in
 * `network` and refused.
 */
const runIsolated = (args: string[]) => runGuarded(args, null, { EVALPACKS_NETWORK_LOOPBACK: 'block' });

/** The exit code the pack's own fixtures call for: 0 when every sample passes the pack's checks. */
async function expectedExit(domain: string): Promise<number> {
  const pack = await loadDomain(domain);
  const cases = await loadPackCases(pack);
  const samples = await loadSampleTranscripts(pack, cases);
  expect([...samples.keys()].sort(), `every case of ${domain} needs fixtures/<case-id>.json`).toEqual(
    cases.map((testCase) => testCase.id).sort(),
  );
  const allPass = cases.every((testCase) => {
    const sample = samples.get(testCase.id);
    return sample && !sample.error && runChecks(pack.checks, sample, testCase).every((check) => check.passed);
  });
  return allPass ? 0 : 1;
}

describe.each(listDomains())('pnpm eval --domain %s --offline', (domain) => {
  it('runs from the fixtures on a fresh store, with no model server, no credentials and no connection', async () => {
    const code = await expectedExit(domain);
    const cases = (await loadPackCases(await loadDomain(domain))).length;
    const result = await runIsolated(['eval', '--domain', domain, '--offline']);
    expect(result.stderr).toBe('');
    expect(result.network).toEqual([]);
    expect(result.code).toBe(code);
    expect(summaryOf(result.stdout).split('\n')).toContain(
      `  model calls     0 made, 0 from the cache, ${cases} answer${cases === 1 ? '' : 's'} from sample fixtures`,
    );
    expect(result.stdout.match(/^ {2}source {3}hand-written sample/gm)).toHaveLength(cases);
  });
});
