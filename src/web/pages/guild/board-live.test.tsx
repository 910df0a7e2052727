// @vitest-environment happy-dom
// The board over the live socket: shown, it watches its guild (watch_guild, sent when the socket opens); a
// guild_message for it reads the board again at once, so another member's message shows without waiting for a poll.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { connectLive } from '../../api/live-socket.ts';
import { Board } from './board.tsx';

/** A stand-in for the browser's WebSocket: what the page sends, and a way to answer. */
class FakeSocket {
  static readonly OPEN = 1;
  static made: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
  }
}

afterEach(() => {
  cleanup();
  connectLive(null);
  vi.unstubAllGlobals();
});

describe('the guild board over the live socket', () => {
  it('watches its guild and reads the board again when the socket tells of a new message', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const message = (id: string, text: string, at: number) => ({
      id,
      user_id: 'u_other',
      username: 'other',
      text,
      created_at: at,
    });
    let board = [message('m1', 'first', 1000)];
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ messages: board, next_cursor: null }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetch);
    connectLive('u_me');
    const ws = FakeSocket.made.at(-1)!;
    expect(ws.url).toContain('/api/live?user_id=u_me');
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <Board guildId="g_1" userId="u_me" />
      </QueryClientProvider>,
    );
    await screen.findByText('first');
    act(() => {
      ws.readyState = FakeSocket.OPEN;
      ws.onopen?.();
    });
    expect(ws.sent).toContainEqual({ type: 'watch_guild', guild_id: 'g_1' });
    const reads = fetch.mock.calls.length;
    board = [message('m2', 'second', 2000), ...board];
    // a note for another guild reads nothing; one for this guild reads the board at once
    act(() =>
      ws.onmessage?.({ data: JSON.stringify({ type: 'guild_message', guild_id: 'g_2', message_id: 'x' }) }),
    );
    act(() =>
      ws.onmessage?.({ data: JSON.stringify({ type: 'guild_message', guild_id: 'g_1', message_id: 'm2' }) }),
    );
    await screen.findByText('second');
    expect(fetch.mock.calls.length).toBe(reads + 1);
    await waitFor(() => expect(screen.getAllByTestId('board-message')).toHaveLength(2));
    client.clear();
  });
});
