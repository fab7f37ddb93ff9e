import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runSaga } from 'redux-saga';
import { call } from 'redux-saga/effects';
import { ApiError } from '@/api/errors';
import {
  idempotentWrite,
  type IdempotentWriteOptions,
  type UnansweredWrite,
} from './idempotentWrite';

const dropped = () => new ApiError('network');
const inFlight = () => new ApiError('http', 409, 'idempotency_in_flight');
const refused = () => new ApiError('http', 409, 'seats_unavailable');

/** A server that fails the first answers as told, then answers 'done'; it records each key. */
function server(...failures: ApiError[]) {
  const keys: string[] = [];
  const request = (key: string) => {
    keys.push(key);
    const failure = failures.shift();
    return failure ? Promise.reject(failure) : Promise.resolve('done');
  };
  return { keys, request };
}

async function write(
  request: (key: string) => Promise<string>,
  options?: IdempotentWriteOptions,
): Promise<{ result?: string; error?: unknown }> {
  const task = runSaga({ onError: () => undefined }, function* () {
    return yield* idempotentWrite(function* (key) {
      return (yield call(request, key)) as string;
    }, options);
  });
  const settled = task.toPromise().then(
    (result: string) => ({ result }),
    (error: unknown) => ({ error }),
  );
  await vi.runAllTimersAsync();
  return settled;
}

describe('idempotentWrite', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('retries a dropped connection and a copy still in flight under the same key', async () => {
    const { keys, request } = server(dropped(), inFlight());
    expect(await write(request)).toEqual({ result: 'done' });
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  });

  it('gives up after two retries and throws the last failure', async () => {
    const { keys, request } = server(dropped(), dropped(), dropped());
    const { error } = await write(request);
    expect(error).toBeInstanceOf(ApiError);
    expect(keys).toHaveLength(3);
  });

  it('does not retry a refusal', async () => {
    const { keys, request } = server(refused());
    const { error } = await write(request);
    expect((error as ApiError).code).toBe('seats_unavailable');
    expect(keys).toHaveLength(1);
  });

  it('sends under the key the write brings', async () => {
    const { keys, request } = server();
    await write(request, { idempotencyKey: 'change-1' });
    expect(keys).toEqual(['change-1']);
  });

  it('reuses an unanswered key for the same request only, once', async () => {
    const memory: UnansweredWrite = {};
    const first = server(dropped(), dropped(), dropped());
    await write(first.request, { unanswered: { memory, request: 'A' } });
    expect(memory.current).toEqual({ request: 'A', idempotencyKey: first.keys[0] });

    const other = server();
    await write(other.request, { unanswered: { memory, request: 'B' } });
    expect(other.keys[0]).not.toBe(first.keys[0]);
    expect(memory.current).toBeUndefined();

    const again = server(dropped(), dropped(), dropped());
    await write(again.request, { unanswered: { memory, request: 'A' } });
    const same = server();
    await write(same.request, { unanswered: { memory, request: 'A' } });
    expect(same.keys).toEqual([again.keys[0]]);
    expect(memory.current).toBeUndefined();
  });

  it('remembers no key when the server answered with a refusal or was still busy', async () => {
    const memory: UnansweredWrite = {};
    await write(server(refused()).request, { unanswered: { memory, request: 'A' } });
    expect(memory.current).toBeUndefined();
    await write(server(inFlight(), inFlight(), inFlight()).request, {
      unanswered: { memory, request: 'A' },
    });
    expect(memory.current).toBeUndefined();
  });
});
