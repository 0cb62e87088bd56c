/**
 * `curl` as the CI recipe test puts it on PATH: the forge's API. It understands the flags the recipes use
 * and refuses any other (so a recipe cannot lean on one it does not model), appends the request it was
 * given (method, URL, headers, body) to $FORGE_LOG as one JSON line, and answers from $FORGE_REPLIES: a
 * JSON list of { method, url, status, body | file }, the first whose method matches and whose url the
 * request's starts with. Unanswered, a GET is a 404 and any other method a 201 with `{}`.
 */
import { appendFileSync, copyFileSync, readFileSync, writeFileSync } from 'node:fs';

const args = process.argv.slice(2);
const request = { method: undefined, url: undefined, headers: [], body: undefined };
let output;
let fail = false;
const SHORT = { f: 'fail', s: 'silent', S: 'show-error', L: 'location' };
const takes = (flag) => {
  const value = args.shift();
  if (value === undefined) usage(`${flag} needs a value`);
  return value;
};
function usage(why) {
  process.stderr.write(`curl stand-in: ${why}\n`);
  process.exit(2);
}

while (args.length > 0) {
  const arg = args.shift();
  if (arg === '-X' || arg === '--request') request.method = takes(arg);
  else if (arg === '-H' || arg === '--header') request.headers.push(takes(arg));
  else if (arg === '-o' || arg === '--output') output = takes(arg);
  else if (arg === '--data-binary') request.body = data(takes(arg), false);
  else if (arg === '-d' || arg === '--data') request.body = data(takes(arg), true);
  else if (arg === '--fail') fail = true;
  else if (['--silent', '--show-error', '--location'].includes(arg)) continue;
  else if (/^-[a-zA-Z]+$/.test(arg)) {
    for (const letter of arg.slice(1)) {
      if (!SHORT[letter]) usage(`-${letter} is not a flag this stand-in models`);
      if (letter === 'f') fail = true;
    }
  } else if (arg.startsWith('-')) usage(`${arg} is not a flag this stand-in models`);
  else if (request.url === undefined) request.url = arg;
  else usage(`a second URL: ${arg}`);
}
if (request.url === undefined) usage('no URL');

/** curl's -d drops the file's line breaks; --data-binary sends it as it is. */
function data(value, stripBreaks) {
  const text = value.startsWith('@') ? readFileSync(value.slice(1), 'utf8') : value;
  return stripBreaks ? text.replace(/[\r\n]/g, '') : text;
}

request.method ??= request.body === undefined ? 'GET' : 'POST';
appendFileSync(process.env.FORGE_LOG, `${JSON.stringify(request)}\n`);

const replies = process.env.FORGE_REPLIES ? JSON.parse(readFileSync(process.env.FORGE_REPLIES, 'utf8')) : [];
const reply =
  replies.find((r) => r.method === request.method && request.url.startsWith(r.url)) ??
  (request.method === 'GET' ? { status: 404, body: '{"message":"404 Not Found"}' } : { status: 201, body: '{}' });

if (reply.status >= 400 && fail) {
  process.stderr.write(`curl: (22) The requested URL returned error: ${reply.status}\n`);
  process.exit(22);
}
if (output !== undefined) {
  if (reply.file !== undefined) copyFileSync(reply.file, output);
  else writeFileSync(output, reply.body ?? '');
} else if (reply.file !== undefined) process.stdout.write(readFileSync(reply.file));
else process.stdout.write(reply.body ?? '');
