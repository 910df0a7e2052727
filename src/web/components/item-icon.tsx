// An item's icon from the API (/api/art/icons/item/…), or the default package icon.
import { Icon } from './icon.tsx';
import './item-icon.css';

export function ItemIcon({ icon, size = 48 }: { icon?: string; size?: number }) {
  return (
    <span className="item-icon" style={{ width: size, height: size }}>
      {icon && icon.startsWith('/api/') ? (
        <img src={icon} alt="" width={size - 8} height={size - 8} loading="lazy" />
      ) : (
        <Icon name="package" size={size - 14} />
      )}
    </span>
  );
}
