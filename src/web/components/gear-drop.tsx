// A piece of gear a won fight dropped, as a reward card in its result panel: the campaign's Quick Battle result
// (pages/campaign), a turn-based battle's end (pages/battle-view/view/actions.tsx) and a dungeon floor's result
// (pages/dungeon-detail, pages/combat). The fight answers only the piece's id (`gear_drop`); its name, slot, set and icon come from
// the inventory it was put in (GET /api/inventory, read again after every fight). Equip leads to the hero page's
// Gear panel, the one place a piece is put on; the inventory shows it with the rest. Styles: ./gear-drop.css.
import { useInventory } from '../api/hooks.ts';
import { ItemIcon } from './item-icon.tsx';
import { ButtonLink, Skeleton } from './ui.tsx';
import './gear-drop.css';

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** `heroId`: the hero Equip opens (the fight's first hero); none, the hero list. */
export function GearDrop({
  itemId,
  userId,
  heroId,
}: {
  itemId: string;
  userId: string;
  heroId?: string | null;
}) {
  const inventory = useInventory(userId);
  const piece = inventory.data?.items.find((i) => i.item_id === itemId);
  const meta = piece?.slot && [capital(piece.slot), piece.set_name && `${piece.set_name} set`];
  return (
    <section className="gear-drop" aria-label="Gear found" data-testid="gear-drop" data-item={itemId}>
      <h3 className="gear-drop__title">Gear found</h3>
      <div className="gear-drop__piece">
        <ItemIcon icon={piece?.icon} size={52} />
        <div className="gear-drop__text">
          {piece ? (
            <>
              <strong className="gear-drop__name" data-testid="gear-drop-name">
                {piece.name}
              </strong>
              {meta && (
                <span className="gear-drop__meta" data-testid="gear-drop-meta">
                  {meta.filter(Boolean).join(' · ')}
                </span>
              )}
            </>
          ) : inventory.isPending || inventory.isFetching ? (
            <>
              <Skeleton height={18} width="60%" />
              <Skeleton height={14} width="40%" />
            </>
          ) : (
            <strong className="gear-drop__name">A piece of gear is in your inventory</strong>
          )}
        </div>
      </div>
      <div className="gear-drop__actions">
        <ButtonLink
          to={heroId ? `/heroes/${encodeURIComponent(heroId)}` : '/heroes'}
          variant="secondary"
          title="Put it on from a hero’s Gear panel"
          data-testid="gear-drop-equip"
        >
          Equip
        </ButtonLink>
        <ButtonLink
          to={`/inventory?item=${encodeURIComponent(itemId)}`}
          variant="ghost"
          title="See it in your inventory"
        >
          Inventory
        </ButtonLink>
      </div>
    </section>
  );
}
