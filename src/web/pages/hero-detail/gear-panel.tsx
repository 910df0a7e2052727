// The hero page's Gear panel: the four slots with what the hero wears (name, set, what it does — the server's text,
// written from the figures) and its set bonuses; on the player's own hero, a piece from the inventory put on in an
// empty or taken slot, and Take off. Pieces come from the inventory (GET /api/inventory: a piece names its slot).
import type { Hero } from '../../../api/index.ts';
import type { GearSlot } from '../../api/client.ts';
import { useInventory } from '../../api/hooks.ts';
import { useGear } from '../../api/writes/heroes.ts';
import { Button, ButtonLink, ErrorBox } from '../../components/ui.tsx';

const SLOTS: { slot: GearSlot; label: string }[] = [
  { slot: 'weapon', label: 'Weapon' },
  { slot: 'armour', label: 'Armour' },
  { slot: 'charm', label: 'Charm' },
  { slot: 'relic', label: 'Relic' },
];

export function GearPanel({ hero, userId }: { hero: Hero; userId: string | null }) {
  const mine = !!userId && hero.user_id === userId;
  const inventory = useInventory(mine ? userId : undefined);
  const gear = useGear(userId ?? '');
  const worn = hero.gear ?? [];
  const busy = gear.isPending ? gear.variables : undefined;
  const pieces = (inventory.data?.items ?? []).filter((i) => i.slot && i.quantity > 0);

  return (
    <section className="panel gear" aria-labelledby="gear-title" data-testid="gear">
      <h2 id="gear-title">Gear</h2>
      {gear.failure && <ErrorBox>{gear.failure}</ErrorBox>}
      <ul className="gear__slots">
        {SLOTS.map(({ slot, label }) => {
          const on = worn.find((w) => w.slot === slot);
          const choices = pieces.filter((p) => p.slot === slot && p.item_id !== on?.item_id);
          return (
            <li key={slot} className={`gear__slot${on ? ' gear__slot--worn' : ''}`} data-slot={slot}>
              <span className="gear__slot-name">{label}</span>
              {on ? (
                <div className="gear__piece">
                  <img src={on.icon} alt="" width={40} height={40} />
                  <div>
                    <strong>{on.name}</strong> <span className="muted">{on.set_name} set</span>
                    <p>{on.description}</p>
                  </div>
                </div>
              ) : (
                <p className="muted gear__empty">Empty</p>
              )}
              {mine && (
                <div className="gear__actions">
                  {choices.map((p) => (
                    <Button
                      key={p.item_id}
                      variant="secondary"
                      busy={!!busy && 'put' in busy && busy.put === p.item_id}
                      busyText="Putting on..."
                      disabled={gear.isPending}
                      onClick={() => gear.mutate({ heroId: hero.id, put: p.item_id })}
                      title={p.description}
                    >
                      Put on {p.name}
                      {p.quantity > 1 ? ` (${p.quantity})` : ''}
                    </Button>
                  ))}
                  {on && (
                    <Button
                      variant="ghost"
                      busy={!!busy && 'off' in busy && busy.off === slot}
                      busyText="Taking off..."
                      disabled={gear.isPending}
                      onClick={() => gear.mutate({ heroId: hero.id, off: slot })}
                    >
                      Take off
                    </Button>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {hero.gear_sets && hero.gear_sets.length > 0 ? (
        <ul className="gear__sets" aria-label="Set bonuses">
          {hero.gear_sets.map((s) => (
            <li key={`${s.set}${s.pieces}`}>
              <strong>
                {s.name} ({s.pieces} pieces):
              </strong>{' '}
              {s.description}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">Two pieces of one set give its first bonus, four its second.</p>
      )}
      {mine && pieces.length === 0 && (
        <p className="muted">
          No gear in your inventory. Pieces drop from cleared dungeons and are sold for combat tokens.{' '}
          <ButtonLink to="/shop" variant="secondary">
            Visit Shop
          </ButtonLink>
        </p>
      )}
    </section>
  );
}
