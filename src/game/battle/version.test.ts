// The engine's version follows what decides outcomes and nothing else: reworded content keeps every record's
// replay (a record without its facts is played again only under the version it was fought under).
import { describe, expect, it } from 'vitest';
import { ENGINE_TABLES, ENGINE_VERSION, engineVersionOf } from './version.ts';

type Row = Record<string, unknown>;
const copy = () => structuredClone(ENGINE_TABLES) as unknown as Record<string, Row>[];
/** A table's first row (each table is a record by id). */
const first = (table: Record<string, Row> | undefined): Row => Object.values(table!)[0]!;

describe('the engine version', () => {
  it('is the version of the tables as they are', () => {
    expect(engineVersionOf(copy())).toBe(ENGINE_VERSION);
  });

  it('stays when an ability, a status or a class is reworded', () => {
    const tables = copy();
    const [abilities, , statuses, , , classes] = tables;
    Object.assign(first(abilities), { name: 'Renamed', flavour: 'Other words.', glyph: 'other-glyph' });
    Object.assign(first(statuses), { description: 'Said otherwise.' });
    Object.assign(first(classes), { description: 'Another story.' });
    expect(engineVersionOf(tables)).toBe(ENGINE_VERSION);
  });

  it('moves when a number or a reference an outcome depends on changes', () => {
    const numbers = copy();
    const ability = first(numbers[0]);
    const field = Object.keys(ability).find((k) => typeof ability[k] === 'number')!;
    ability[field] = (ability[field] as number) + 1;
    expect(engineVersionOf(numbers)).not.toBe(ENGINE_VERSION);

    const ids = copy();
    first(ids[2]).id = 'renamed_status';
    expect(engineVersionOf(ids)).not.toBe(ENGINE_VERSION);
  });
});
