// A search box that asks the server once typing pauses: useSearch holds what is typed and the trimmed, debounced query
// to ask with; SearchField is its labelled input (type search, no autocomplete, capped at what the server takes).
import { useState } from 'react';
import { useDebounced } from './use-debounced.ts';

export interface Search {
  /** what is in the box */
  text: string;
  setText: (text: string) => void;
  /** the text trimmed, once typing has paused: what to ask the server for ('' asks nothing) */
  query: string;
}

export function useSearch(pauseMs = 250): Search {
  const [text, setText] = useState('');
  return { text, setText, query: useDebounced(text.trim(), pauseMs) };
}

export function SearchField({
  search,
  label,
  placeholder,
  maxLength,
  className,
}: {
  search: Search;
  label: string;
  placeholder: string;
  /** the longest query the server takes */
  maxLength: number;
  className?: string;
}) {
  return (
    <label className={className ? `field ${className}` : 'field'}>
      <span>{label}</span>
      <input
        className="input"
        type="search"
        value={search.text}
        onChange={(e) => search.setText(e.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        maxLength={maxLength}
      />
    </label>
  );
}
