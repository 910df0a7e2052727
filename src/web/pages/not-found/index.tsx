// Any unknown route: a way back.
import { ButtonLink } from '../../components/ui.tsx';

export default function NotFoundPage() {
  return (
    <div className="empty-state panel">
      <strong>Page not found</strong>
      <p>This path leads nowhere in Runeborn.</p>
      <ButtonLink to="/">Back to Runeborn</ButtonLink>
    </div>
  );
}
