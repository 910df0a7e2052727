// Shared interface pieces used by every screen: buttons (and the next page of a list), the three error displays
// (ErrorBox red box, ErrorBanner red banner, RetryPanel), SuccessBanner, skeletons, Modal, DifficultyBadge,
// Tabs. Styles in ./ui.css.
import { useEffect, useId, useRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { Icon, type IconName } from './icon.tsx';
import './ui.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Shows busyText (e.g. 'Purchasing...') and disables the button while true. */
  busy?: boolean;
  busyText?: string;
  block?: boolean;
}

export function Button({
  variant = 'primary',
  busy,
  busyText,
  block,
  className,
  children,
  disabled,
  type,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      className={`btn btn--${variant}${block ? ' btn--block' : ''}${className ? ` ${className}` : ''}`}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && <span className="spinner" aria-hidden="true" />}
      {busy && busyText ? busyText : children}
    </button>
  );
}

/** A router link drawn as a button. */
export function ButtonLink({
  variant = 'primary',
  block,
  className,
  ...rest
}: LinkProps & { variant?: ButtonVariant; block?: boolean }) {
  return (
    <Link
      className={`btn btn--${variant}${block ? ' btn--block' : ''}${className ? ` ${className}` : ''}`}
      {...rest}
    />
  );
}

/**
 * The next page of a list read a page at a time (a TanStack infinite query): a button while there is one, 'Loading...'
 * while it comes; nothing once the list is whole.
 */
export function MorePages({
  pages,
  children,
  block,
}: {
  pages: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  children: ReactNode;
  block?: boolean;
}) {
  if (!pages.hasNextPage) return null;
  return (
    <Button
      variant="secondary"
      block={block}
      onClick={() => void pages.fetchNextPage()}
      busy={pages.isFetchingNextPage}
      busyText="Loading..."
    >
      {children}
    </Button>
  );
}

/** The red box: account, hero and battle errors. */
export function ErrorBox({
  children,
  onDismiss,
  className,
}: {
  children: ReactNode;
  onDismiss?: () => void;
  className?: string;
}) {
  return (
    <div className={`error-box${className ? ` ${className}` : ''}`} role="alert">
      <Icon name="cross" size={18} className="error-box__icon" />
      <div className="error-box__text">{children}</div>
      {onDismiss && (
        <button type="button" className="icon-btn" onClick={onDismiss} aria-label="Dismiss error">
          <Icon name="cross" size={16} />
        </button>
      )}
    </div>
  );
}

/** The red banner: shop and arena errors. Full width, stays until dismissed or fixed. */
export function ErrorBanner({ children, onDismiss }: { children: ReactNode; onDismiss?: () => void }) {
  return (
    <div className="banner banner--error" role="alert">
      <div className="banner__text">{children}</div>
      {onDismiss && (
        <button type="button" className="icon-btn" onClick={onDismiss} aria-label="Dismiss error">
          <Icon name="cross" size={16} />
        </button>
      )}
    </div>
  );
}

/** A success banner that fades on its own after `timeoutMs`. */
export function SuccessBanner({
  children,
  onDone,
  timeoutMs = 6000,
  toast = false,
}: {
  children: ReactNode;
  onDone?: () => void;
  timeoutMs?: number;
  /** Shown where the player is looking — fixed in the viewport, above the phone's bottom nav — not atop the page. */
  toast?: boolean;
}) {
  useEffect(() => {
    if (!onDone) return;
    const t = window.setTimeout(onDone, timeoutMs);
    return () => window.clearTimeout(t);
  }, [onDone, timeoutMs]);
  return (
    <div className={`banner banner--success${toast ? ' banner--toast' : ''}`} role="status">
      <Icon name="check" size={18} />
      <div className="banner__text">{children}</div>
      {onDone && (
        <button type="button" className="icon-btn" onClick={onDone} aria-label="Dismiss">
          <Icon name="cross" size={16} />
        </button>
      )}
    </div>
  );
}

/** The panel with Retry: inventory and dungeon list errors. */
export function RetryPanel({
  message,
  onRetry,
  retrying,
}: {
  message: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <div className="retry-panel panel" role="alert">
      <p className="retry-panel__text">{message}</p>
      <Button variant="secondary" onClick={onRetry} busy={retrying} busyText="Retrying...">
        Retry
      </Button>
    </div>
  );
}

/** A loading block shaped like the content it stands for. */
export function Skeleton({
  width,
  height,
  radius,
  className,
}: {
  width?: number | string;
  height?: number | string;
  radius?: number | string;
  className?: string;
}) {
  return (
    <span
      className={`skeleton${className ? ` ${className}` : ''}`}
      style={{ width, height, borderRadius: radius }}
      aria-hidden="true"
    />
  );
}

/** Several lines of text-shaped skeletons. */
export function TextSkeleton({ lines = 3 }: { lines?: number }) {
  return (
    <div className="stack" aria-hidden="true" style={{ gap: 8 }}>
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} height={14} width={i === lines - 1 ? '60%' : '100%'} />
      ))}
    </div>
  );
}

/** An accessible loading region: visible skeleton children plus a spoken label. */
export function Loading({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      {children}
    </div>
  );
}

/**
 * A modal dialog (native <dialog>: focus trap, Escape to close). Closing by Escape or backdrop calls onClose.
 * Render it only while open: `{open && <Modal …/>}`.
 */
export function Modal({
  title,
  subtitle,
  onClose,
  children,
  footer,
  className,
}: {
  title: string;
  subtitle?: ReactNode;
  onClose: () => void;
  children?: ReactNode;
  footer?: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    return () => {
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className={`modal${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
    >
      <div className="modal__body">
        <header className="modal__head">
          <div>
            <h2 id={titleId} className="modal__title">
              {title}
            </h2>
            {subtitle && <div className="modal__subtitle">{subtitle}</div>}
          </div>
          <button type="button" className="icon-btn" onClick={onClose} aria-label="Close dialog">
            <Icon name="cross" size={16} />
          </button>
        </header>
        {children && <div className="modal__content">{children}</div>}
        {footer && <footer className="modal__foot">{footer}</footer>}
      </div>
    </dialog>
  );
}

/** easy green, medium yellow, anything else red; text in capitals. */
export function DifficultyBadge({ difficulty }: { difficulty: string }) {
  const tone = difficulty === 'easy' ? 'easy' : difficulty === 'medium' ? 'medium' : 'hard';
  return (
    <span className={`difficulty difficulty--${tone}`} data-difficulty={tone}>
      {difficulty.toUpperCase()}
    </span>
  );
}

export interface TabItem<K extends string> {
  key: K;
  label: string;
  count?: number | string;
  /** drawn before the label */
  icon?: IconName;
}

/** A tab strip (role=tablist) with optional icons and count badges. The panel is the caller's. */
export function Tabs<K extends string>({
  tabs,
  value,
  onChange,
  label,
}: {
  tabs: TabItem<K>[];
  value: K;
  onChange: (key: K) => void;
  label: string;
}) {
  return (
    <div className="tabs" role="tablist" aria-label={label}>
      {tabs.map((t) => (
        <button
          key={t.key}
          type="button"
          role="tab"
          className="tab"
          aria-selected={value === t.key}
          onClick={() => onChange(t.key)}
          data-tab={t.key}
        >
          {t.icon && <Icon name={t.icon} size={16} className={`tab__icon tab__icon--${t.key}`} />}
          {t.label}
          {t.count !== undefined && <span className="count-badge">{t.count}</span>}
        </button>
      ))}
    </div>
  );
}
