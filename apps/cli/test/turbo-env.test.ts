import { describe, expect, it } from 'vitest';
import { ROOT, run } from './run-cli.ts';

/**
 * What lets npm and node trust the registry's certificates here: a test that calls the registry
 * (installable.e2e's npm install) fails TLS without them, and turbo hands a task only the variables it lists.
 */
const CERTIFICATE_VARIABLES = [
  'NODE_EXTRA_CA_CERTS',
  'NODE_USE_SYSTEM_CA',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'npm_config_cafile',
  'NPM_CONFIG_CAFILE',
  'npm_config_ca',
  'NPM_CONFIG_CA',
];

/** Debian's bundle (any file serves: the dry run reads none). */
const CA_FILE = '/etc/ssl/certs/ca-certificates.crt';

describe("turbo's environment for tasks", () => {
  it('passes the certificate variables and the node headers through to every task', async () => {
    // Set, to values node accepts (for a missing NODE_EXTRA_CA_CERTS file it warns on every start).
    const env = Object.fromEntries(
      [...CERTIFICATE_VARIABLES, 'npm_config_nodedir'].map((name) => [name, process.env[name] || CA_FILE]),
    );
    // A dry run says which of the variables set it would pass through (as name=hash).
    const dry = await run(
      `${ROOT}node_modules/.bin/turbo`,
      ['run', 'typecheck', '--filter=@evalpacks/testkit', '--dry=json'],
      {
        env: { ...env, TURBO_TELEMETRY_DISABLED: '1' },
      },
    );
    expect(dry.code).toBe(0);
    const passed = (
      JSON.parse(dry.stdout) as { globalCacheInputs: { environmentVariables: { passthrough: string[] | null } } }
    ).globalCacheInputs.environmentVariables.passthrough?.map((entry) => entry.split('=')[0]);
    expect(passed).toEqual(expect.arrayContaining(Object.keys(env)));
  });
});
