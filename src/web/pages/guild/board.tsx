// A guild's message board, for its members: write (1–GUILD_MESSAGE_MAX characters, a counter; Ctrl+Enter sends) and
// read, newest first. Read again every 1.5 s while the page is in view (api/guild-hooks.ts useGuildMessages), so
// another member's message shows within 2 s. A message is plain text: drawn as React text, never as markup. Part of
// pages/guild.
import { useId, useState, type FormEvent } from 'react';
import { GUILD_MESSAGE_MAX } from '../../../api/rules.ts';
import { errorText } from '../../api/client.ts';
import { useGuildMessages, usePostMessage } from '../../api/guild-hooks.ts';
import { sentence } from '../../components/guild-parts.tsx';
import { agoText, useNow } from '../../components/time-words.ts';
import { Button, ErrorBox, MorePages, Skeleton } from '../../components/ui.tsx';

const clock = (ms: number) => new Date(ms).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });

export function Board({ guildId, userId }: { guildId: string; userId: string }) {
  const messages = useGuildMessages(guildId, userId, true);
  const post = usePostMessage(guildId, userId);
  const now = useNow(15_000);
  const [text, setText] = useState('');
  const ids = { text: useId(), count: useId() };
  const empty = text.trim().length === 0;
  const full = text.length >= GUILD_MESSAGE_MAX;
  const send = (e?: FormEvent) => {
    e?.preventDefault();
    if (empty || post.isPending) return;
    post.mutate(text, { onSuccess: () => setText('') });
  };
  // pages meet where the newest moved along meanwhile: a message is shown once
  const list = [
    ...new Map((messages.data?.pages ?? []).flatMap((p) => p.messages).map((m) => [m.id, m])).values(),
  ];
  return (
    <section className="guild-board panel" aria-labelledby="guild-board">
      <h2 id="guild-board">Board</h2>
      <form className="guild-board__form" onSubmit={send}>
        <label htmlFor={ids.text} className="visually-hidden">
          Message to your guild
        </label>
        <textarea
          id={ids.text}
          className="input guild-board__text"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (post.failure) post.reset();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) send();
          }}
          maxLength={GUILD_MESSAGE_MAX}
          rows={2}
          placeholder="Write to your guild"
          aria-describedby={ids.count}
          data-testid="board-text"
        />
        <div className="guild-board__send">
          <span
            id={ids.count}
            className={`muted tabular guild-board__count${full ? ' guild-board__count--full' : ''}`}
            data-testid="board-count"
          >
            {text.length}/{GUILD_MESSAGE_MAX}
            <span className="visually-hidden"> characters</span>
          </span>
          <Button
            type="submit"
            busy={post.isPending}
            busyText="Sending..."
            disabled={empty}
            title={empty ? 'Write a message first' : undefined}
            data-testid="board-send"
          >
            Send
          </Button>
        </div>
        {post.failure && <ErrorBox onDismiss={post.reset}>{sentence(post.failure)}</ErrorBox>}
      </form>
      {messages.isError && <ErrorBox>{errorText(messages.error, 'Failed to fetch the board')}</ErrorBox>}
      {messages.isPending ? (
        <div className="plain-list guild-board__list" aria-hidden="true">
          <Skeleton height={56} />
          <Skeleton height={56} />
        </div>
      ) : list.length === 0 ? (
        <p className="muted guild-board__none">No messages yet: say hello to your guild.</p>
      ) : (
        <ol
          className="plain-list guild-board__list"
          aria-label="Messages, newest first"
          data-testid="board-messages"
        >
          {list.map((m) => (
            <li
              key={m.id}
              className={`guild-message${m.user_id === userId ? ' guild-message--mine' : ''}`}
              data-testid="board-message"
            >
              <div className="guild-message__head">
                <strong>{m.username}</strong>
                <time
                  className="muted"
                  dateTime={new Date(m.created_at).toISOString()}
                  title={clock(m.created_at)}
                >
                  {agoText(Math.floor(m.created_at / 1000), now)}
                </time>
              </div>
              <p className="guild-message__text">{m.text}</p>
            </li>
          ))}
        </ol>
      )}
      <MorePages pages={messages}>Show older messages</MorePages>
    </section>
  );
}
