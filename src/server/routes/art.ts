// Generated art, served as SVG with immutable caching (every URL names exactly what it draws):
// portraits, icons looked up by kind + content id, and scenes by theme (renderers in src/game/art).
import { CURRENCIES } from '../../api/rules.ts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { ErrorBody } from '../../api/common.ts';
import { ABILITIES, BANES, BOONS, CLASSES, own, RACES, STATUSES } from '../../game/index.ts';
import {
  renderIcon,
  renderPortrait,
  renderScene,
  SCENE_THEMES,
  type IconKind,
  type IconOptions,
} from '../../game/art/index.ts';
import { ITEMS_BY_ID } from '../../game/data/items.ts';
import type { RouteOpts } from '../context.ts';
import { notFound } from '../foundation/errors.ts';

const Slug = z.string().regex(/^[a-z0-9_-]{1,40}$/i);
const PortraitParams = z.object({
  raceId: Slug,
  classId: Slug,
  type: z.enum(['tank', 'damage', 'support']),
  rarity: z.coerce.number().int().min(1).max(5),
  seed: z.coerce.number().int().min(0).max(0xffff_ffff),
});
const IconParams = z.object({
  kind: z.enum(['ability', 'trait', 'status', 'item', 'currency', 'race', 'class', 'type']),
  id: Slug,
});

const SceneParams = z.object({ theme: z.enum(SCENE_THEMES) });

const CURRENCY_ICONS: ReadonlySet<string> = new Set(CURRENCIES);
const TYPES = new Set(['tank', 'damage', 'support']);

/** The glyph (and tile options) for a content entry, or null when there is no such entry. */
export function iconFor(kind: IconKind, id: string): { glyph: string; opts: IconOptions } | null {
  switch (kind) {
    case 'ability': {
      const a = own(ABILITIES, id);
      return a ? { glyph: a.glyph, opts: { abilityType: a.type, title: a.name } } : null;
    }
    case 'trait': {
      const boon = own(BOONS, id);
      if (boon) return { glyph: boon.glyph, opts: { tone: 'boon', title: boon.name } };
      const bane = own(BANES, id);
      return bane ? { glyph: bane.glyph, opts: { tone: 'bane', title: bane.name } } : null;
    }
    case 'status': {
      const s = own(STATUSES, id);
      return s ? { glyph: s.glyph, opts: { tone: s.harmful ? 'debuff' : 'buff', title: s.name } } : null;
    }
    case 'item': {
      const i = ITEMS_BY_ID.get(id);
      return i ? { glyph: i.glyph, opts: { title: i.name } } : null;
    }
    case 'race': {
      const r = own(RACES, id);
      return r ? { glyph: r.glyph, opts: { title: r.name } } : null;
    }
    case 'class': {
      const c = own(CLASSES, id);
      return c ? { glyph: c.glyph, opts: { title: c.name } } : null;
    }
    case 'currency':
      return CURRENCY_ICONS.has(id) ? { glyph: id, opts: { title: id.replace('_', ' ') } } : null;
    case 'type':
      return TYPES.has(id.toLowerCase()) ? { glyph: id.toLowerCase(), opts: { title: id } } : null;
  }
  return null;
}

/** A drawing's answer: SVG text (sent as it is; the schema documents it). */
const Svg = {
  description: 'an SVG image',
  content: { 'image/svg+xml': { schema: z.string().describe('SVG markup') } },
};

function sendSvg(reply: FastifyReply, svg: string) {
  return reply
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .type('image/svg+xml; charset=utf-8')
    .send(svg);
}

const art: FastifyPluginAsyncZod<RouteOpts> = async (app) => {
  app.get('/api/art/portraits/:raceId/:classId/:type/:rarity/:seed.svg', {
    schema: {
      operationId: 'getPortrait',
      summary: 'Draw a hero’s portrait (SVG)',
      description:
        'The portrait drawn from a race, a class, a type, a rarity and a seed: an SVG image, the same for the same address, so cached for a year (immutable).',
      tags: ['art'],
      params: PortraitParams,
      response: { 200: Svg, 400: ErrorBody, 404: ErrorBody },
    },
    handler: async (req, reply) => {
      const { raceId, classId, type, rarity, seed } = req.params;
      // Heroes are drawn from content races and classes only: any other name is no portrait (never a fallback
      // image cached for a year under a URL that names nothing).
      if (!own(RACES, raceId.toLowerCase()) || !own(CLASSES, classId.toLowerCase()))
        throw notFound('No such portrait');
      return sendSvg(reply, renderPortrait({ raceId, classId, type, rarity, seed }));
    },
  });

  app.get('/api/art/icons/:kind/:id.svg', {
    schema: {
      operationId: 'getIcon',
      summary: 'Draw an icon (SVG)',
      description:
        'The icon of an ability, trait, status, item, currency, race, class or type by its id: an SVG image, cached for a year (immutable).',
      tags: ['art'],
      params: IconParams,
      response: { 200: Svg, 400: ErrorBody, 404: ErrorBody },
    },
    handler: async (req, reply) => {
      const found = iconFor(req.params.kind, req.params.id);
      if (!found) throw notFound('No such icon');
      return sendSvg(reply, renderIcon(req.params.kind, found.glyph, found.opts));
    },
  });

  app.get('/api/art/scenes/:theme.svg', {
    schema: {
      operationId: 'getScene',
      summary: 'Draw a battle scene’s backdrop (SVG)',
      description: 'A battle backdrop by its theme: an SVG image, cached for a year (immutable).',
      tags: ['art'],
      params: SceneParams,
      response: { 200: Svg, 400: ErrorBody },
    },
    handler: async (req, reply) => sendSvg(reply, renderScene(req.params.theme)),
  });
};

export default art;
