// The face of an item card shared by /inventory and /shop: icon, name, type label and description. Each page
// wraps it in its own card (a button to open in the inventory, a list entry with a price in the shop).
import type { ReactNode } from 'react';
import { itemTypeLabel } from './format.ts';
import { ItemIcon } from './item-icon.tsx';

/** `corner` sits at the end of the top row (the inventory's quantity). */
export function ItemCardFace({
  item,
  corner,
}: {
  item: { name: string; type: string; icon?: string; description: string };
  corner?: ReactNode;
}) {
  return (
    <>
      <div className="item-card__top">
        <ItemIcon icon={item.icon} />
        <div className="item-card__titles">
          <h2 className="item-card__name">{item.name}</h2>
          <span className="item-type">{itemTypeLabel(item.type)}</span>
        </div>
        {corner}
      </div>
      <p className="item-card__desc">{item.description}</p>
    </>
  );
}
