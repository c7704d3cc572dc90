import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { subscribeToLiveEvents } from '../../../lib/live-events';
import { FakeEventSource } from '../../../test/fake-event-source';
import { useLiveAlerts } from './alerts';

function Bell() {
  useLiveAlerts(true);
  return null;
}

describe('useLiveAlerts', () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shares the page stream and re-reads the alerts on an alerts event or a reconnect only', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    // Another part of the page (the live session) is already listening.
    const stopOther = subscribeToLiveEvents(() => {});
    const view = render(
      <QueryClientProvider client={client}>
        <Bell />
      </QueryClientProvider>,
    );
    expect(FakeEventSource.instances).toHaveLength(1);
    const stream = FakeEventSource.instances[0]!;
    stream.open();
    stream.send({ type: 'user.changed', channel: 'user.1' });
    expect(invalidate).not.toHaveBeenCalled();
    stream.send({ type: 'alerts.created', channel: 'all' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['alerts'] });

    view.unmount();
    stream.send({ type: 'alerts.created', channel: 'all' });
    expect(invalidate).toHaveBeenCalledTimes(1);
    // The other listener keeps the stream open.
    expect(stream.closed).toBe(false);
    stopOther();
    expect(stream.closed).toBe(true);
  });
});
