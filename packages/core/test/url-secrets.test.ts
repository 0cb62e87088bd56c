import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { httpAgent } from '../src/agent/http-agent.ts';
import { definePack } from '../src/pack/define-pack.ts';
import type { AgentRequest } from '../src/ports/backend-ports.ts';
import { redactUrl, redactUrls, splitCredentials } from '../src/redact/redact-url.ts';

const request: AgentRequest = { caseId: 'c1', epoch: 0, systemPrompt: '# Role\nx', input: 'in', maxTurns: 1 };

describe('secrets in URLs', () => {
  it('redacts user info and every query value, and leaves other URLs exactly as they were', () => {
    expect(redactUrl('http://svc:TOPSECRET@host:8080/run?api_key=K1&mode=fast#x')).toBe(
      'http://***@host:8080/run?api_key=***&mode=***#x',
    );
    expect(redactUrl('http://127.0.0.1:11434')).toBe('http://127.0.0.1:11434');
    // A host given without its scheme keeps its secret too.
    expect(redactUrl('svc:TOPSECRET@host:8080/x?token=T')).toBe('***@host:8080/x?token=***');
    expect(redactUrl('127.0.0.1:11434')).toBe('127.0.0.1:11434');
    expect(redactUrls('fetch of https://u:p@a.example/x?token=T failed, see http://b.example/')).toBe(
      'fetch of https://***@a.example/x?token=*** failed, see http://b.example/',
    );
    expect(splitCredentials('http://me:p%40ss@host:1/')).toEqual({
      url: 'http://host:1/',
      username: 'me',
      password: 'p@ss',
    });
    expect(splitCredentials('http://me:pw@host:1')).toEqual({ url: 'http://host:1', username: 'me', password: 'pw' });
  });

  it("refuses credentials in a pack's agent url when the pack loads, saying to use a header", () => {
    expect(() =>
      definePack({ name: 'p', description: 'd', root: '/tmp', agent: { url: 'http://svc:TOPSECRET@127.0.0.1:9/run' } }),
    ).toThrow(/carries credentials \(user:password@\).*headers: \{ authorization: process\.env\.AGENT_AUTH \}/);
  });

  it('keeps URL secrets out of the case error when fetch quotes the url', async () => {
    // fetch itself refuses a url with credentials and quotes it whole in its message.
    const agent = httpAgent({ url: 'http://svc:TOPSECRET@127.0.0.1:9/run?api_key=KEY123', timeoutMs: 1000 });
    const error = (await agent.run(request).catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(/^request to the agent at http:\/\/127\.0\.0\.1:9\/run failed: /);
    expect(error.message).not.toMatch(/TOPSECRET|KEY123/);
  });

  it("reads no more of an HTTP agent's reply than its cap, making the case an agent error", async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ answer: 'x'.repeat(5000) }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/run`;
    try {
      const agent = httpAgent({ url, timeoutMs: 2000, maxBodyBytes: 1000 });
      await expect(agent.run(request)).rejects.toThrow(
        `agent at ${url} answered more than 1000 bytes; set the pack's agent.maxBodyBytes if that is expected`,
      );
      const roomy = await httpAgent({ url, timeoutMs: 2000 }).run(request);
      expect(roomy.answer).toHaveLength(5000);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
