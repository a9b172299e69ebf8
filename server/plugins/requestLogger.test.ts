import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions, requestLogger } from './logging.js';

/** A logger at `level` with the app's options, and the lines it wrote. */
function logger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { log: pino(loggerOptions(level), stream), lines };
}

describe("a request's logger", () => {
  it('writes what the level prints with the request id, and nothing below it', () => {
    const { log, lines } = logger('warn');
    const request = requestLogger(log, { reqId: 'r-1' }, {});
    request.info('incoming request');
    request.debug('details');
    request.warn('slow');
    request.error({ err: new Error('boom') }, 'failed');
    expect(lines.map((line) => [line.msg, line.reqId])).toEqual([
      ['slow', 'r-1'],
      ['failed', 'r-1'],
    ]);
    expect(request.level).toBe('warn');
  });

  it('writes every level the log prints, keeps the redaction, and its children carry both bindings', () => {
    const { log, lines } = logger('info');
    const request = requestLogger(log, { reqId: 'r-2' }, {});
    request.info({ email: 'someone@example.se' }, 'incoming request');
    request.child({ job: 'mail' }).warn('retrying');
    expect(lines).toEqual([
      expect.objectContaining({ msg: 'incoming request', reqId: 'r-2', email: '[redacted]' }),
      expect.objectContaining({ msg: 'retrying', reqId: 'r-2', job: 'mail' }),
    ]);
  });

  it("keeps a route's own level", () => {
    const { log, lines } = logger('warn');
    const request = requestLogger(log, { reqId: 'r-3' }, { level: 'debug' });
    request.debug('details');
    expect(lines.map((line) => [line.msg, line.reqId])).toEqual([['details', 'r-3']]);
  });
});
