// /heroes/{heroId}'s controller: the hero, which question is open
// (Delete Hero? / Reroll Abilities?), Reroll (api/writes/heroes.ts useReroll: asked first, refused at once without the
// essence) and Delete (useDeleteHero → /heroes; on failure the dialog closes and the error shows), Back, and the
// error line. View: ./index.tsx.
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PRICE_RULES, REROLL_COST } from '../../../api/rules.ts';
import { useHero } from '../../api/hooks.ts';
import { useDeleteHero, useReroll } from '../../api/writes/heroes.ts';
import { useErrorLine } from '../../api/writes/core.ts';
import { useSignedInUser } from '../../session.ts';

export function useHeroDetailCtrl() {
  const { heroId = '' } = useParams();
  const user = useSignedInUser();
  const navigate = useNavigate();
  const location = useLocation();
  const hero = useHero(heroId);
  const [asking, setAsking] = useState<'delete' | 'reroll' | null>(null);
  const remove = useDeleteHero(user.id);
  const reroll = useReroll(user.id);
  const errors = useErrorLine([remove, reroll]);

  return {
    hero,
    /** the signed-in player: the ascension and gear controls show on their own heroes */
    userId: user.id,
    essence: user.magic_essence ?? 0,
    /** Back returns where the player came from (the list when the page was opened directly). */
    goBack: (e: React.MouseEvent) => {
      if (location.key !== 'default') {
        e.preventDefault();
        navigate(-1);
      }
    },
    error: errors.text,
    dismissError: errors.clear,
    asking,
    askDelete: () => setAsking('delete'),
    /** Reroll asks first, naming its cost; without the essence it says so at once. */
    askReroll: () => {
      if ((user.magic_essence ?? 0) < REROLL_COST) return errors.refuse(PRICE_RULES.reroll);
      errors.clear();
      setAsking('reroll');
    },
    /** Closing a question while its write runs is not possible. */
    closeQuestion: () => {
      if (!remove.isPending && !reroll.isPending) setAsking(null);
    },
    deleting: remove.isPending,
    remove: (heroId: string) =>
      remove.mutate(heroId, { onSuccess: () => navigate('/heroes'), onError: () => setAsking(null) }),
    rerolling: reroll.isPending,
    reroll: (heroId: string) => {
      errors.clear();
      reroll.mutate(heroId, { onSettled: () => setAsking(null) });
    },
  };
}
