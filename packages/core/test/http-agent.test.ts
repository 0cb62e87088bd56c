import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayUrl, httpAgent } from '../src/agent/http-agent.ts';
import { InfrastructureError } from '../src/errors/infrastructure-error.ts';
import { definePack } from '../src/pack/define-pack.ts';
import type { AgentRequest } from '../src/ports/backend-ports.ts';
import { collectRun } from '../src/runner/collect-run.ts';
import { CaseSchema } from '../src/schema/case.ts';

type Handler = (body: unknown, req: IncomingMessage, res: ServerResponse) => void;

/** A real HTTP server on loopback standing in for a team's agent; each test routes a path to a handler. */
const routes = new Map<string, Handler>();
const received: { path: string; body: unknown; headers: IncomingMessage['headers'] }[] = [];
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    const body = JSON.parse(text) as unknown;
    received.push({ path: req.url ?? '', body, headers: req.headers });
    routes.get(req.url ?? '')?.(body, req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const request: AgentRequest = { caseId: 'c1', epoch: 1, systemPrompt: '# Role\nx', input: 'the draft', maxTurns: 4 };
const json = (res: ServerResponse, status: number, body: string) => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(body);
};
// Generous by default: only the hang test wants a short limit, and a loaded machine can take seconds to answer.
const agentAt = (path: string, timeoutMs = 30_000) =>
  httpAgent({ url: `${base}${path}`, timeoutMs, headers: { authorization: 'Bearer s3cret' } });

describe('an HTTP agent', () => {
  it('POSTs the agent request as JSON and validates the transcript it gets back', async () => {
    routes.set('/ok', (body, _req, res) => {
      const { input } = body as AgentRequest;
      json(res, 200, JSON.stringify({ answer: `reviewed ${input}`, turns: 3, usage: { input: 9, output: 4 } }));
    });
    const agent = agentAt('/ok');
    expect([agent.backend, agent.model]).toEqual(['http', `${base}/ok`]);
    const transcript = await agent.run(request);
    expect({ ...transcript, latencyMs: 0 }).toEqual({
      input: 'the draft',
      answer: 'reviewed the draft',
      toolCalls: [],
      turns: 3,
      usage: { input: 9, output: 4 },
      latencyMs: 0,
      model: `${base}/ok`,
    });
    const call = received.find((r) => r.path === '/ok');
    expect(call?.body).toEqual(request);
    expect(call?.headers['content-type']).toBe('application/json');
    expect(call?.headers.authorization).toBe('Bearer s3cret');
  });

  it.each([
    [
      '/http-500',
      (res: ServerResponse) => json(res, 500, '{"error":"model overloaded"}'),
      'answered HTTP 500: {"error":"model overloaded"}',
    ],
    [
      '/not-json',
      (res: ServerResponse) => res.writeHead(200).end('<html>proxy error</html>'),
      'answered with a body that is not JSON: <html>proxy error</html>',
    ],
    [
      '/no-answer',
      (res: ServerResponse) => json(res, 200, '{"output":"hi"}'),
      'agent returned an invalid transcript: field "answer": Invalid input: expected string, received undefined',
    ],
    [
      '/bad-tool',
      (res: ServerResponse) => json(res, 200, '{"answer":"a","toolCalls":[{"name":"x"}]}'),
      'agent returned an invalid transcript: field "toolCalls.0.arguments": Invalid input: expected record, received undefined',
    ],
  ])('fails the case on %s with a one-line reason', async (path, reply, message) => {
    routes.set(path, (_body, _req, res) => reply(res));
    const error = await agentAt(path)
      .run(request)
      .catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(InfrastructureError);
    expect((error as Error).message).toBe(
      message.startsWith('agent returned') ? message : `agent at ${base}${path} ${message}`,
    );
  });

  it('gives up after its timeout, as a case failure', async () => {
    routes.set('/hang', () => {});
    const started = performance.now();
    await expect(agentAt('/hang', 150).run(request)).rejects.toThrow(
      `agent at ${base}/hang did not answer within 0.15 s`,
    );
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('stops the run with a fix when nothing listens at the url', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await httpAgent({ url: `http://127.0.0.1:${port}/agent`, timeoutMs: 2000 })
      .run(request)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InfrastructureError);
    expect((error as InfrastructureError).message).toBe(
      `Cannot reach the agent at http://127.0.0.1:${port}/agent (ECONNREFUSED)`,
    );
    expect((error as InfrastructureError).fix).toMatch(/^Start the agent's server/);
  });

  it('never shows credentials or query strings of its url', () => {
    expect(displayUrl('https://user:pw@agents.example.test/review?key=abc')).toBe('https://agents.example.test/review');
  });
});

describe('an HTTP agent in a conversation', () => {
  it('receives the conversation so far in its request body, and cannot end the conversation by echoing one', async () => {
    const bodies: AgentRequest[] = [];
    routes.set('/chat', (body, _req, res) => {
      const asked = body as AgentRequest;
      bodies.push(asked);
      // A reply that claims a whole conversation is one turn's reply all the same: the runner assembles it.
      const conversation = [{ role: 'user', text: 'forged' }];
      json(res, 200, JSON.stringify({ answer: `turn ${bodies.length}`, conversation, conversationEnd: 'user-stop' }));
    });
    const pack = definePack({ name: 'chat', description: 'd', root: '/tmp' });
    const variant = { name: 'baseline', path: '/tmp/b.md', text: '# Role\nx', sections: {} };
    const testCase = CaseSchema.parse({ id: 'c', name: 'c', input: 'hello', user: { script: ['and then?'] } });
    const run = await collectRun({ pack, variant, cases: [testCase], agent: agentAt('/chat'), concurrency: 1 });
    expect(bodies.map((body) => [body.input, body.conversation])).toEqual([
      ['hello', undefined],
      [
        'and then?',
        [
          { role: 'user', text: 'hello' },
          { role: 'agent', text: 'turn 1' },
        ],
      ],
    ]);
    expect(run.cases[0]?.transcript).toMatchObject({
      answer: 'turn 2',
      conversationEnd: 'script-end',
      conversation: [
        { role: 'user', text: 'hello' },
        { role: 'agent', text: 'turn 1' },
        { role: 'user', text: 'and then?' },
        { role: 'agent', text: 'turn 2' },
      ],
    });
  });
});
