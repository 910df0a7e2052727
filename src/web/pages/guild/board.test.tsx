// @vitest-environment happy-dom
// The board draws a message as the text it is: markup written on it shows as its characters and never becomes
// elements (no tag, no attribute, no script), however it is written.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Board } from './board.tsx';

const WRITTEN = ['<b>x</b>', '<img src=x onerror="window.hacked=1">', '<script>window.hacked=1</script>'];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the guild board', () => {
  it('shows markup as plain text, newest first', async () => {
    const messages = WRITTEN.map((text, i) => ({
      id: `m${i}`,
      user_id: 'u_other',
      username: 'other',
      text,
      created_at: 1_800_000_000_000 - i * 1000,
    }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ messages, next_cursor: null }), { status: 200 })),
    );
    const client = new QueryClient();
    const { container } = render(
      <QueryClientProvider client={client}>
        <Board guildId="g_1" userId="u_me" />
      </QueryClientProvider>,
    );
    const shown = await screen.findAllByTestId('board-message');
    expect(shown.map((m) => m.querySelector('.guild-message__text')!.textContent)).toEqual(WRITTEN);
    expect(container.querySelectorAll('.guild-message__text *')).toHaveLength(0);
    expect((window as { hacked?: number }).hacked).toBeUndefined();
    client.clear();
  });

  it('shows older messages on asking, each once, after the newest', async () => {
    const message = (id: string, at: number) => ({
      id,
      user_id: 'u_x',
      username: 'x',
      text: id,
      created_at: at,
    });
    const newest = { messages: [message('m3', 3000), message('m2', 2000)], next_cursor: 'c2' };
    // the page after c2 overlaps the newest by one (a message written meanwhile moved the pages along)
    const older = { messages: [message('m2', 2000), message('m1', 1000)], next_cursor: null };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const page = new URL(url, 'http://localhost').searchParams.get('cursor') === 'c2' ? older : newest;
        return new Response(JSON.stringify(page), { status: 200 });
      }),
    );
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <Board guildId="g_1" userId="u_me" />
      </QueryClientProvider>,
    );
    const more = await screen.findByRole('button', { name: 'Show older messages' });
    expect((await screen.findAllByTestId('board-message')).map((m) => m.textContent)).toHaveLength(2);
    fireEvent.click(more);
    await waitFor(() => expect(screen.getAllByTestId('board-message')).toHaveLength(3));
    expect(
      screen.getAllByTestId('board-message').map((m) => m.querySelector('.guild-message__text')!.textContent),
    ).toEqual(['m3', 'm2', 'm1']);
    expect(screen.queryByRole('button', { name: 'Show older messages' })).toBeNull();
    client.clear();
  });

  it('no guild screen writes HTML of its own', () => {
    for (const dir of ['.', '../guilds'])
      for (const file of readdirSync(join(import.meta.dirname, dir)).filter((f) => /(?<!test)\.tsx$/.test(f)))
        expect(readFileSync(join(import.meta.dirname, dir, file), 'utf8'), file).not.toMatch(
          /dangerouslySetInnerHTML|innerHTML/,
        );
  });
});
