import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { CLI_ROOT } from '../cli-root.ts';

/** The packages a pack of its own installs (the CLI and core, and what the CLI loads), as the README packs them. */
const PACKED = ['packages/core', 'packages/models', 'packages/store', 'apps/web', 'apps/cli'];

/** A path as a person would paste it into a shell: quoted when it holds anything but plain path characters. */
export function shellPath(path: string): string {
  return /^[\w./@+:=-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`;
}

/** `to` from `from`, as short as it reads: relative unless that climbs out through the root. */
function shown(from: string, to: string): string {
  const path = relative(from, to) || '.';
  return path.split(sep).filter((part) => part === '..').length > 3 ? to : path;
}

/**
 * What to run after `new-domain --out`, from the folder it was typed in (`here`). @evalpacks/cli is not on
 * the npm registry yet, so a plain `npm install` in the new folder fails (E404): from this workspace the
 * route is the README's, pack its tarballs beside the new folder and install those; a CLI that was itself
 * installed from tarballs can only point back at them.
 */
export function standaloneNextSteps(target: string, here: string, workspace: string): string[] {
  const project = shellPath(shown(here, target));
  const then = [
    `Then, in ${project}:`,
    '  npx evalpacks eval --pack . --offline        its sample answer, no model needed',
    '  npx evalpacks eval --pack .                  against your model, with the judge',
    '  npm test                                     its checks on sample answers',
  ];
  if (CLI_ROOT.includes(`${sep}node_modules${sep}`)) {
    return [
      'Next: @evalpacks/cli is not on the npm registry yet; install the tarballs this CLI came from:',
      `  cd ${project} && npm install PATH/TO/tarballs/*.tgz`,
      ...then,
    ];
  }
  const tarballs = join(dirname(target), 'tarballs');
  // Every packed package is two folders below the workspace root: one relative destination serves them all.
  const fromWorkspace = shown(workspace, tarballs);
  const destination = isAbsolute(fromWorkspace) ? fromWorkspace : join('..', '..', fromWorkspace);
  const toWorkspace = relative(here, workspace);
  return [
    'Next: @evalpacks/cli is not on the npm registry yet; install it from tarballs of this workspace:',
    ...(toWorkspace ? [`  cd ${shellPath(shown(here, workspace))}`] : []),
    '  pnpm build',
    `  for p in ${PACKED.join(' ')}; do`,
    `    (cd $p && pnpm pack --pack-destination ${shellPath(destination)})`,
    '  done',
    `  cd ${shellPath(shown(workspace, target))} && npm install ${shellPath(relative(target, tarballs))}/*.tgz`,
    ...then,
  ];
}
