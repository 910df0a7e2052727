// The engine's version follows what decides outcomes and nothing else: reworded content keeps every record's
// replay (a record without its facts is played again only under the version it was fought under); and what battles
// play out to moves only with it.
import { describe, expect, it } from 'vitest';
import { battleFingerprint } from './testing.ts';
import { ENGINE_TABLES, ENGINE_VERSION, engineVersionOf } from './version.ts';

/**
 * The version and what battles played out to under it (battleFingerprint: 4,800 fast-path battles). A change that
 * moves the fingerprint and not the version changed outcomes without saying so — a rule in code changed (bump
 * RULES_REVISION in version.ts) or an optimisation is wrong; a content change moves both: pin the new pair.
 */
const PLAYED = { version: '1.d4a89b67', fingerprint: 'd6e6d35c' };

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

  it('is what battles play out to: the fingerprint moves only with the version', () => {
    expect({ version: ENGINE_VERSION, fingerprint: battleFingerprint() }).toEqual(PLAYED);
  });
});
