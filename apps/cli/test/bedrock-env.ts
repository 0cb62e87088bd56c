import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CliResult, runCli } from './run-cli.ts';

/** How a test starts the CLI: from its sources (`runCli`) or as built (`runBuiltCli`). */
export type CliRunner = (args: string[], env: Record<string, string | undefined>) => Promise<CliResult>;

/** Dummy keys for the stand-in; the e2e tests grep every output for the secret. */
export const KEY = { accessKeyId: 'AKIDEVALPACKSE2E', secretAccessKey: 'evalpacks-e2e-DUMMY-secret-4b1d' };
export const SONNET = 'us.anthropic.claude-sonnet-4-5-20250929-v1:0';
export const HAIKU = 'us.anthropic.claude-haiku-4-5-20251001-v1:0';

export type Credentials = { accessKeyId: string; secretAccessKey: string };

const GUARD = new URL('./network-guard.mjs', import.meta.url).href;

/**
 * An AWS environment that can only be what the test says: static keys (or none), no profile files,
 * no instance-metadata lookups, and a network guard that records and blocks any non-loopback traffic.
 */
export function awsEnv(credentials: Credentials | null, log: string) {
  const home = mkdtempSync(join(tmpdir(), 'evalpacks-home-'));
  return {
    HOME: home,
    AWS_CONFIG_FILE: join(home, 'no-config'),
    AWS_SHARED_CREDENTIALS_FILE: join(home, 'no-credentials'),
    AWS_ACCESS_KEY_ID: credentials?.accessKeyId,
    AWS_SECRET_ACCESS_KEY: credentials?.secretAccessKey,
    AWS_SESSION_TOKEN: undefined,
    AWS_PROFILE: undefined,
    AWS_DEFAULT_PROFILE: undefined,
    AWS_BEARER_TOKEN_BEDROCK: undefined,
    AWS_CONTAINER_CREDENTIALS_FULL_URI: undefined,
    AWS_CONTAINER_CREDENTIALS_RELATIVE_URI: undefined,
    AWS_WEB_IDENTITY_TOKEN_FILE: undefined,
    AWS_REGION: 'us-east-1',
    AWS_DEFAULT_REGION: undefined,
    AWS_EC2_METADATA_DISABLED: 'true',
    NODE_OPTIONS: `--import ${GUARD}`,
    EVALPACKS_NETWORK_LOG: log,
  };
}

export interface GuardedResult extends CliResult {
  /** Every non-loopback connection or name lookup the CLI attempted (all of them blocked). */
  network: string[];
}

/**
 * Runs the CLI (by `runner`: its sources unless told) in `awsEnv` (null: no credentials at all) plus `env`,
 * returning what it printed and tried to reach.
 */
export async function runGuarded(
  args: string[],
  credentials: Credentials | null,
  env: Record<string, string> = {},
  runner: CliRunner = runCli,
): Promise<GuardedResult> {
  const log = join(mkdtempSync(join(tmpdir(), 'evalpacks-net-')), 'network.log');
  const result = await runner(args, { ...awsEnv(credentials, log), ...env });
  let network: string[] = [];
  try {
    network = readFileSync(log, 'utf8').trim().split('\n').filter(Boolean);
  } catch {
    // No file: nothing was attempted.
  }
  return { ...result, network };
}
