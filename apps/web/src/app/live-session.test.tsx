import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_OPEN_TIMEOUT_MS, subscribeToLiveEvents } from '../lib/live-events';
import { FakeEventSource } from '../test/fake-event-source';
import { useLiveSession } from './live-session';

function Live() {
  useLiveSession();
  return null;
}

function setup() {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
  const view = render(
    <QueryClientProvider client={client}>
      <Live />
    </QueryClientProvider>,
  );
  const keys = () => invalidate.mock.calls.map(([filters]) => JSON.stringify(filters?.queryKey));
  return { view, invalidate, keys };
}

describe('useLiveSession', () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('re-reads the user and profile when the own row changes or after a resync', () => {
    const { keys, invalidate } = setup();
    const stream = FakeEventSource.instances[0]!;
    expect(stream.url).toBe('/api/events');
    stream.open();
    expect(invalidate).not.toHaveBeenCalled();

    stream.send({ type: 'user.changed', channel: 'user.3', data: { userId: 3 } });
    expect(keys()).toEqual(['["me"]', '["profile"]']);
    stream.send({ type: 'job.progress', channel: 'job.1', data: {} });
    expect(keys()).toHaveLength(2);
    stream.send({ type: 'events.resync', channel: 'all', data: {} });
    expect(keys()).toHaveLength(4);
  });

  it('opens again with back-off when the stream is dropped, and refreshes once back', () => {
    const { keys, invalidate } = setup();
    FakeEventSource.instances[0]!.open();
    FakeEventSource.instances[0]!.fail();
    // A lost stream re-reads the user at once: an ended session signs the page out.
    expect(keys()).toEqual(['["me"]']);
    invalidate.mockClear();
    expect(FakeEventSource.instances[0]!.closed).toBe(true);
    vi.advanceTimersByTime(1_300);
    expect(FakeEventSource.instances).toHaveLength(2);
    FakeEventSource.instances[1]!.open();
    expect(keys()).toContain('["me"]');
  });

  it('gives up on a stream that does not open within 10 seconds and tries again', () => {
    setup();
    vi.advanceTimersByTime(LIVE_OPEN_TIMEOUT_MS + 10);
    expect(FakeEventSource.instances[0]!.closed).toBe(true);
    vi.advanceTimersByTime(1_300);
    expect(FakeEventSource.instances).toHaveLength(2);
  });

  it('shares one stream between listeners and closes it with the last one', () => {
    const { view } = setup();
    const received: string[] = [];
    const stop = subscribeToLiveEvents((event) => received.push(event.type));
    expect(FakeEventSource.instances).toHaveLength(1);
    FakeEventSource.instances[0]!.open();
    FakeEventSource.instances[0]!.send({ type: 'alert.created', channel: 'alert.3', data: {} });
    expect(received).toEqual(['alert.created']);
    view.unmount();
    expect(FakeEventSource.instances[0]!.closed).toBe(false);
    stop();
    expect(FakeEventSource.instances[0]!.closed).toBe(true);
  });

  it('closes the stream when the signed-in page goes away (sign-out)', () => {
    const { view } = setup();
    view.unmount();
    expect(FakeEventSource.instances[0]!.closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.instances).toHaveLength(1);
  });
});
