// contract-json.ts: an answer serialized from the contract's JSON schema is the value the schema parses to — same
// fields, same values — whatever else the value held.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BrowseResponse, HeroesResponse } from '../../api/heroes.ts';
import { previewCandidate } from '../heroes/summoning.ts';
import * as contract from '../../api/index.ts';
import { compileAnswer, contractJson } from './contract-json.ts';

describe('answers serialized from the contract', () => {
  it('writes a hero as the schema parses it: rating and version in, a stray field out', () => {
    const hero = {
      ...previewCandidate(),
      rating: { rating: 1500, rd: 350, wins: 2, losses: 1 },
      version: 3,
      stray: 'not in the contract',
    };
    const bytes = contractJson(HeroesResponse)([hero]);
    const parsed = JSON.parse(bytes.toString()) as unknown[];
    expect(parsed).toEqual(HeroesResponse.parse([hero]));
    expect(parsed[0]).not.toHaveProperty('stray');
    expect(parsed[0]).toMatchObject({ version: 3, rating: { wins: 2, losses: 1 } });
  });

  it('keeps nulls and leaves absent optional fields out', () => {
    const page = { players: [], next_cursor: null };
    expect(JSON.parse(contractJson(BrowseResponse)(page).toString())).toEqual(page);
    const Shape = z.object({ a: z.string().nullable(), b: z.number().optional() });
    expect(contractJson(Shape)({ a: null }).toString()).toBe('{"a":null}');
  });

  it('compiles every schema of the contract (a route’s serializer is compiled at its first answer)', () => {
    const schemas = Object.entries(contract as Record<string, unknown>).filter(
      (e): e is [string, z.ZodType] => e[1] instanceof z.ZodType,
    );
    expect(schemas.length).toBeGreaterThan(100);
    for (const [name, schema] of schemas) expect(() => compileAnswer(schema), name).not.toThrow();
  });
});
