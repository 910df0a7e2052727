// The writes' machinery: a write (one TanStack useMutation, with `failure`, the text its error shows), a paying
// write (one press, one intent, one Idempotency-Key: usePaying) and a page's one error line (useErrorLine). The writes
// themselves, by what the player does: ./fights.ts, ./heroes.ts, ./shop.ts, ./accounts.ts, ./claims.ts.
import { useRef, useState } from 'react';
import { useMutation, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';
import * as api from '../client.ts';

/**
 * A write as pages use it: the mutation, and `failure`, the text its error shows (null while none; a fight refused
 * for a changed chance shows none: the new chance says it in place, shownFight).
 */
export type Write<TData, TVars> = UseMutationResult<TData, Error, TVars> & { failure: string | null };

export function useWrite<TData, TVars = void>(
  options: UseMutationOptions<TData, Error, TVars>,
  failure: (err: Error, vars: TVars) => string,
): Write<TData, TVars> {
  const write = useMutation(options);
  const failed = write.error && !api.changedOdds(write.error);
  return { ...write, failure: failed ? failure(write.error!, write.variables as TVars) : null };
}

/** One intent of the player: what they asked for, and the Idempotency-Key every try of it sends. */
export interface Intent<T> {
  input: T;
  key: string;
}

/** A fresh random key (crypto.randomUUID needs a secure context; fall back to random bytes). */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A paying write as pages use it: `mutate(input)` starts an intent — unless one is still running. */
export type PayingWrite<TData, TVars> = Omit<Write<TData, Intent<TVars>>, 'mutate' | 'variables'> & {
  mutate: (
    input: TVars,
    callbacks?: { onSuccess?: (data: TData) => void; onError?: (err: Error) => void; onSettled?: () => void },
  ) => void;
  /** what the running (or last) intent asked for */
  variables: TVars | undefined;
  /** whether the request itself is out (`isPending` also holds the control a moment after a fast answer) */
  answering: boolean;
};

/** Tries of one intent whose answer was lost on the way (no server reached, a dropped connection). */
const LOST_ANSWER_TRIES = 3;
/**
 * The least time a paying control stays busy after its press, however fast the answer: the usual double-click
 * interval, so the second tap of a double tap lands on a busy control rather than starting a second purchase.
 */
export const DOUBLE_PRESS_MS = 500;

/**
 * When the press being handled happened: the input event's own time (on performance.now's timeline), not the moment
 * its handler runs — a phone busy drawing the first tap handles the second late, and it is still a double tap.
 */
const pressTime = (): number => window.event?.timeStamp ?? performance.now();

/**
 * A write that charges the player. One click is one intent: it gets a fresh Idempotency-Key, and the control is
 * busy (`isPending`) from the click itself until the answer — and at least DOUBLE_PRESS_MS — so a second click or tap
 * meanwhile is the same press and is dropped (also one that lands before React has drawn the busy control). Presses
 * are timed by their input events, so a second press made within DOUBLE_PRESS_MS of the first is dropped even when
 * it is handled after a fast answer. A try whose answer was lost is sent again with the same key (the server answers
 * what it did the first time), so an intent is charged at most once. `answering` is whether the request is still out.
 */
export function usePaying<TData, TVars>(
  options: UseMutationOptions<TData, Error, Intent<TVars>>,
  failure: (err: Error, vars: TVars) => string,
): PayingWrite<TData, TVars> {
  const running = useRef(false);
  const pressedAt = useRef(0);
  /** the input time of the press that started the last intent */
  const lastPress = useRef(-Infinity);
  /** the intent under way, from the click that started it (TanStack's own state follows a moment later) */
  const [current, setCurrent] = useState<{ input: TVars } | null>(null);
  const release = () => {
    const done = () => {
      running.current = false;
      setCurrent(null);
    };
    const left = pressedAt.current + DOUBLE_PRESS_MS - performance.now();
    if (left > 0) setTimeout(done, left);
    else done();
  };
  const write = useWrite<TData, Intent<TVars>>(
    {
      ...options,
      retry: (count, err) => api.isUnanswered(err) && count < LOST_ANSWER_TRIES - 1,
      onSettled: (...args) => {
        release();
        return options.onSettled?.(...args);
      },
    },
    (err, intent) => failure(err, intent.input),
  );
  return {
    ...write,
    isPending: write.isPending || current !== null,
    answering: write.isPending,
    variables: current ? current.input : write.variables?.input,
    mutate: (input, callbacks) => {
      const at = pressTime();
      if (running.current || at - lastPress.current < DOUBLE_PRESS_MS) return;
      running.current = true;
      lastPress.current = at;
      pressedAt.current = performance.now();
      setCurrent({ input });
      write.mutate(
        { input, key: newKey() },
        {
          onSuccess: (data) => callbacks?.onSuccess?.(data),
          onError: (err) => callbacks?.onError?.(err),
          onSettled: () => callbacks?.onSettled?.(),
        },
      );
    },
  };
}

/** The server's text, else the place's fallback text (api/client.ts errorText), as a write's failure. */
export const failing =
  (fallback: string) =>
  (err: Error): string =>
    api.errorText(err, fallback);

/**
 * A page's one error line: a refusal the page makes itself before asking (the page's own checks: `refuse`) or the text
 * of its latest failed write. `clear` — on dismissing, or when the player acts again — drops both.
 */
export function useErrorLine(
  writes: readonly { failure: string | null; submittedAt: number; reset: () => void }[],
) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const failed = writes.filter((w) => w.failure !== null).sort((a, b) => b.submittedAt - a.submittedAt)[0];
  const clear = () => {
    setRefusal(null);
    for (const w of writes) if (w.failure !== null) w.reset();
  };
  return {
    text: refusal ?? failed?.failure ?? null,
    refuse: (text: string) => {
      clear();
      setRefusal(text);
    },
    clear,
  };
}
export type ErrorLine = ReturnType<typeof useErrorLine>;
