// @vitest-environment happy-dom
// The search box of Find a guild, Find a player and the operator's console: labelled, capped at what the server takes,
// and it asks once typing pauses, with the text trimmed.
import { afterEach, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { SearchField, useSearch } from './search-field.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Probe() {
  const search = useSearch(250);
  return (
    <>
      <SearchField search={search} label="Search guilds" placeholder="Guild name" maxLength={24} />
      <output>{search.query}</output>
    </>
  );
}

it('is the labelled box, capped, and asks with the trimmed text once typing has paused', () => {
  vi.useFakeTimers();
  const { getByLabelText, container } = render(<Probe />);
  const box = getByLabelText('Search guilds') as HTMLInputElement;
  expect(box.type).toBe('search');
  expect(box.maxLength).toBe(24);
  expect(box.placeholder).toBe('Guild name');
  fireEvent.change(box, { target: { value: '  iron ' } });
  expect(box.value).toBe('  iron ');
  act(() => void vi.advanceTimersByTime(200));
  expect(container.querySelector('output')!.textContent).toBe('');
  act(() => void vi.advanceTimersByTime(50));
  expect(container.querySelector('output')!.textContent).toBe('iron');
});
