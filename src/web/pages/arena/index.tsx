// /arena — 1v1 duels (spec §2 /arena, §4 "Arena fight"): Choose Your Hero, Choose Opponent (Players from the
// browse endpoint, NPCs from /api/npcs, shown 'NPC: …'), the Selected summary, Fight! (disabled until both are
// chosen and while 'Battling...'; beside it the duel's win chance, and a long shot asks once — components/
// win-chance.tsx), the result panel (components/battle-result.tsx) and Fight Again. After a
// fight the user is re-read and saved. The last attacker and opponent are remembered per user (battle-hooks.ts).
// The arena ladder: every card shows its hero's rating, and once your hero is chosen each opponent shows the band
// its honest win chance falls in (components/ladder.tsx); Find a fair match offers the opponents rated nearest your
// hero (GET /api/arena/opponents); the result shows both ratings moving; Leaderboard opens /arena/leaderboard.
import { useMemo, useState } from 'react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import type { Hero } from '../../../api/index.ts';
import { arenaBattle, errorText, findFairMatches, listHeroes, type ArenaResult } from '../../api/client.ts';
import {
  afterFight,
  queryKeys,
  useBrowseHeroes,
  useHero,
  useMyHeroes,
  useNpcs,
  useOdds,
} from '../../api/hooks.ts';
import { loadArenaChoice, saveArenaChoice } from '../../api/battle-hooks.ts';
import { FightResultPanel } from '../../components/battle-result.tsx';
import { HeroCard } from '../../components/hero-card.tsx';
import { Icon } from '../../components/icon.tsx';
import { ArenaLadderOutcome, CardLadder } from '../../components/ladder.tsx';
import { Button, ButtonLink, ErrorBanner, Skeleton, Tabs } from '../../components/ui.tsx';
import { usePhone } from '../../components/use-media.ts';
import { chanceBeforeFight, useLongShot, WinChance } from '../../components/win-chance.tsx';
import { useSignedInUser } from '../../session.ts';
import './arena.css';

type OpponentTab = 'players' | 'npcs';
interface OpponentGroup {
  key: string;
  title: string;
  heroes: Hero[];
  /** a player whose browse entry shows only their first heroes: how many they have in all */
  total?: number;
}

const isNpc = (id: string): boolean => id.startsWith('npc_');
const opponentLabel = (h: Pick<Hero, 'id' | 'name'>): string => (isNpc(h.id) ? `NPC: ${h.name}` : h.name);

export default function ArenaPage() {
  const user = useSignedInUser();
  const client = useQueryClient();
  const phone = usePhone();
  const size = phone ? 'x-small' : 'tiny';
  const remembered = useMemo(() => loadArenaChoice(user.id), [user.id]);
  const [attackerId, setAttackerId] = useState<string | null>(remembered.attackerId);
  const [opponentId, setOpponentId] = useState<string | null>(remembered.opponentId);
  const [tab, setTab] = useState<OpponentTab>(
    remembered.opponentId && isNpc(remembered.opponentId) ? 'npcs' : 'players',
  );
  const [fighting, setFighting] = useState(false);
  const [result, setResult] = useState<ArenaResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Find a fair match: the opponents rated nearest a hero of yours, nearest first (shown above the lists).
  const [fair, setFair] = useState<{ heroId: string; opponents: Hero[] } | null>(null);
  const [finding, setFinding] = useState(false);

  const mine = useMyHeroes(user.id);
  const players = useBrowseHeroes(user.id);
  const npcs = useNpcs();
  // Players shown in full ("Show all N"): their whole collections, read once asked for.
  const [expanded, setExpanded] = useState<string[]>([]);
  const whole = useQueries({
    queries: expanded.map((id) => ({ queryKey: queryKeys.myHeroes(id), queryFn: () => listHeroes(id) })),
  });
  const wholeOf = new Map(expanded.map((id, i) => [id, whole[i]?.data]));
  const loadingAll = new Set(expanded.filter((_, i) => whole[i]?.isPending));

  const playerGroups: OpponentGroup[] = (players.data?.pages ?? [])
    .flatMap((p) => p.players)
    .filter((p) => p.user_id !== user.id && p.heroes.length > 0)
    .map((p) => ({
      key: p.user_id,
      title: p.username,
      heroes: wholeOf.get(p.user_id) ?? p.heroes,
      total: p.hero_count,
    }));
  // A failed NPC list is silently empty (spec §8).
  const npcGroups: OpponentGroup[] = useMemo(
    () =>
      (npcs.data?.dungeons ?? [])
        .filter((d) => d.npcs.length > 0)
        .map((d) => ({ key: d.dungeon_id, title: d.dungeon_name, heroes: d.npcs })),
    [npcs.data],
  );
  const heroes = mine.data ?? [];
  const attacker = heroes.find((h) => h.id === attackerId) ?? null;
  const fairShown = fair && attacker && fair.heroId === attacker.id ? fair.opponents : null;
  const allOpponents = useMemo(
    () => [...(fairShown ?? []), ...[...playerGroups, ...npcGroups].flatMap((g) => g.heroes)],
    [fairShown, playerGroups, npcGroups],
  );
  // A remembered opponent on no loaded page (a later page of players, say) is read by its id and kept.
  const listed = allOpponents.find((h) => h.id === opponentId) ?? null;
  const lastOpponent = useHero(!listed && opponentId ? opponentId : undefined);
  const recalled =
    !listed &&
    lastOpponent.data &&
    lastOpponent.data.id === opponentId &&
    lastOpponent.data.user_id !== user.id
      ? lastOpponent.data
      : null;
  const opponent = listed ?? recalled;
  // A remembered choice that no longer exists is dropped once its lists and its own read have answered.
  const attackerShown = attacker ? attacker.id : mine.isSuccess ? null : attackerId;
  const opponentShown = opponent
    ? opponent.id
    : players.isSuccess && (npcs.isSuccess || npcs.isError) && !lastOpponent.isPending
      ? null
      : opponentId;
  const ready = !!attacker && !!opponent;
  // The duel's win chance, shown next to Fight! as soon as both are chosen: the number the fight then uses.
  const oddsQuery = ready
    ? { user_id: user.id, kind: 'arena' as const, hero_id: attacker.id, opponent_id: opponent.id }
    : null;
  const odds = useOdds(oddsQuery);
  const longShot = useLongShot();

  const chooseAttacker = (id: string) => {
    const next = attackerShown === id ? null : id;
    setAttackerId(next);
    longShot.dismiss();
    saveArenaChoice(user.id, next, opponentShown);
  };
  // Switching lists never leaves chosen an opponent the player cannot see: one from the other list is let go (a fair
  // match stays: its row is shown above both lists).
  const inFairRow = (id: string) => !!fairShown?.some((h) => h.id === id);
  const switchTab = (next: OpponentTab) => {
    setTab(next);
    if (opponentShown && !inFairRow(opponentShown) && isNpc(opponentShown) !== (next === 'npcs')) {
      setOpponentId(null);
      longShot.dismiss();
      saveArenaChoice(user.id, attackerShown, null);
    }
  };
  const chooseOpponent = (id: string) => {
    const next = opponentShown === id ? null : id;
    setOpponentId(next);
    longShot.dismiss();
    saveArenaChoice(user.id, attackerShown, next);
  };

  /** The duel's odds for a card's band, once your hero is chosen (the same read as the win chance by Fight!). */
  const bandQuery = (h: Hero) =>
    attacker ? { user_id: user.id, kind: 'arena' as const, hero_id: attacker.id, opponent_id: h.id } : null;

  /** Chooses the fairest opponent not already chosen, asking the server for them the first time for this hero. */
  const findFairMatch = async () => {
    if (!attacker) return;
    setError(null);
    let list = fairShown;
    if (!list) {
      setFinding(true);
      try {
        list = (await findFairMatches(user.id, attacker.id)).opponents;
        setFair({ heroId: attacker.id, opponents: list });
      } catch (err) {
        setError(errorText(err, 'Failed to find a fair match'));
        return;
      } finally {
        setFinding(false);
      }
    }
    if (list.length === 0) {
      setError('No opponents available.');
      return;
    }
    const at = list.findIndex((h) => h.id === opponentShown);
    const next = list[(at + 1) % list.length];
    setOpponentId(next.id);
    longShot.dismiss();
    saveArenaChoice(user.id, attacker.id, next.id);
  };

  const fight = async () => {
    if (!attacker || !opponent || !oddsQuery) {
      setError('Select your hero and an opponent first');
      return;
    }
    setError(null);
    setFighting(true);
    const chance = await chanceBeforeFight(client, oddsQuery);
    setFighting(false);
    longShot.check(chance, () => void duel(attacker, opponent));
  };

  const duel = async (attacker: Hero, opponent: Hero) => {
    setFighting(true);
    saveArenaChoice(user.id, attacker.id, opponent.id);
    try {
      const res = await arenaBattle(user.id, attacker.id, opponent.id);
      setResult(res);
      afterFight(client, user.id, res);
      window.scrollTo({ top: 0 });
    } catch (err) {
      setError(errorText(err, 'Failed to start arena battle'));
    } finally {
      setFighting(false);
    }
  };

  if (mine.isPending) {
    return (
      <section className="arena">
        <p className="arena__loading" role="status">
          Loading Arena...
        </p>
        <div className="card-grid">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} width={phone ? 150 : 180} height={phone ? 215 : 260} radius={12} />
          ))}
        </div>
      </section>
    );
  }

  const lastGroup: OpponentGroup[] =
    recalled && isNpc(recalled.id) === (tab === 'npcs')
      ? [{ key: 'last', title: 'Your last opponent', heroes: [recalled] }]
      : [];
  /** A row of opponents to choose from, each with its rating and (once your hero is chosen) its win chance band. */
  const opponentRow = (label: string, heroes: Hero[]) => (
    <div className="card-grid arena__grid--row" role="group" aria-label={label}>
      {heroes.map((h) => (
        <HeroCard
          key={h.id}
          hero={h}
          size={size}
          label={opponentLabel(h)}
          selected={opponentShown === h.id}
          onClick={() => chooseOpponent(h.id)}
          overlay={<CardLadder rating={h.rating} odds={bandQuery(h)} />}
        />
      ))}
    </div>
  );
  const opponentGroups = [...lastGroup, ...(tab === 'players' ? playerGroups : npcGroups)];
  const opponentsLoading = tab === 'players' ? players.isPending : npcs.isPending;

  return (
    <section className="arena">
      <header className="arena__banner">
        <ButtonLink to="/arena/leaderboard" variant="secondary" className="arena__ladder-link">
          <Icon name="ladder" size={16} /> Leaderboard
        </ButtonLink>
        <h1>Arena</h1>
        <p>Pit one of your heroes against another player's champion or a dungeon NPC.</p>
      </header>
      {error && <ErrorBanner onDismiss={() => setError(null)}>{error}</ErrorBanner>}
      {mine.isError && <ErrorBanner>{errorText(mine.error, 'Failed to fetch your heroes')}</ErrorBanner>}

      {result ? (
        <FightResultPanel
          result={result}
          heading={
            <p className="arena__matchup">
              {attacker && opponent ? `${attacker.name} vs ${opponentLabel(opponent)}` : 'Arena'}
            </p>
          }
          details={
            <ArenaLadderOutcome
              result={result}
              attacker={attacker?.name.split(' ')[0] ?? 'Your hero'}
              opponent={opponent?.name.split(' ')[0] ?? 'the opponent'}
            />
          }
        >
          <Button onClick={() => setResult(null)}>Fight Again</Button>
        </FightResultPanel>
      ) : (
        <>
          <section className="arena__section" aria-labelledby="arena-mine">
            <h2 id="arena-mine">Choose Your Hero</h2>
            {heroes.length === 0 && !mine.isError ? (
              <div className="empty-state panel">
                <p>You have no heroes. Create one first.</p>
                <ButtonLink to="/create">Create Hero</ButtonLink>
              </div>
            ) : (
              <div className="card-grid arena__grid--row" role="group" aria-label="Your heroes">
                {heroes.map((h) => (
                  <HeroCard
                    key={h.id}
                    hero={h}
                    size={size}
                    selected={attackerShown === h.id}
                    onClick={() => chooseAttacker(h.id)}
                    overlay={<CardLadder rating={h.rating} />}
                  />
                ))}
              </div>
            )}
          </section>

          <section className="arena__section" aria-labelledby="arena-opponent">
            <div className="arena__section-head">
              <h2 id="arena-opponent">Choose Opponent</h2>
              <Button
                variant="secondary"
                className="arena__fair-button"
                onClick={() => void findFairMatch()}
                disabled={!attacker}
                busy={finding}
                busyText="Finding..."
                title={
                  attacker
                    ? `Choose an opponent rated near ${attacker.name.split(' ')[0]}`
                    : 'Choose your hero first'
                }
              >
                <Icon name="fair_match" size={16} /> Find a fair match
              </Button>
            </div>
            {fairShown && attacker && (
              <div className="arena__group arena__fair" data-testid="fair-matches">
                <h3 className="arena__group-title">
                  Fair matches for {attacker.name.split(' ')[0]}{' '}
                  <span className="muted">· rated near {Math.round(attacker.rating?.rating ?? 1500)}</span>
                </h3>
                {fairShown.length === 0 ? (
                  <p className="empty-state panel">No opponents available.</p>
                ) : (
                  opponentRow('Fair matches', fairShown)
                )}
              </div>
            )}
            <Tabs<OpponentTab>
              label="Opponent kind"
              value={tab}
              onChange={switchTab}
              tabs={[
                { key: 'players', label: 'Players' },
                { key: 'npcs', label: 'NPCs' },
              ]}
            />
            {opponentsLoading ? (
              <div className="card-grid">
                {Array.from({ length: 4 }, (_, i) => (
                  <Skeleton key={i} width={phone ? 150 : 180} height={phone ? 215 : 260} radius={12} />
                ))}
              </div>
            ) : opponentGroups.length === 0 ? (
              <p className="empty-state panel">No opponents available.</p>
            ) : (
              <div className="arena__groups">
                {opponentGroups.map((g) => (
                  <div key={g.key} className="arena__group">
                    <h3 className="arena__group-title">
                      {g.title} <span className="muted">· {g.total ?? g.heroes.length}</span>
                      {g.total !== undefined && g.total > g.heroes.length && (
                        <Button
                          variant="secondary"
                          className="arena__show-all"
                          onClick={() => setExpanded((ids) => [...ids, g.key])}
                          busy={loadingAll.has(g.key)}
                          busyText="Loading..."
                          data-testid="show-all-heroes"
                        >
                          Show all {g.total}
                        </Button>
                      )}
                    </h3>
                    {opponentRow(g.title, g.heroes)}
                  </div>
                ))}
                {tab === 'players' && players.hasNextPage && (
                  <Button
                    variant="secondary"
                    onClick={() => void players.fetchNextPage()}
                    busy={players.isFetchingNextPage}
                    busyText="Loading..."
                  >
                    More players
                  </Button>
                )}
              </div>
            )}
          </section>

          <div className="action-bar arena__bar" role="region" aria-label="Selected">
            <div className="arena__selected" data-testid="arena-selected">
              <strong>Selected</strong>
              <span>
                Hero:{' '}
                <span data-testid="selected-hero">
                  {attacker ? `${attacker.name} (${attacker.id})` : '—'}
                </span>
              </span>
              <span>
                Opponent:{' '}
                <span data-testid="selected-opponent">
                  {opponent ? `${opponentLabel(opponent)} (${opponent.id})` : '—'}
                </span>
              </span>
            </div>
            {ready && <WinChance odds={odds} className="arena__odds" />}
            <Button
              onClick={() => void fight()}
              disabled={!ready || longShot.asking}
              busy={fighting}
              busyText="Battling..."
              title={ready ? 'Fight this duel' : 'Select your hero and an opponent first'}
              className="arena__fight"
            >
              Fight!
            </Button>
            {!ready && <p className="arena__hint muted">Select your hero and an opponent first</p>}
            {longShot.prompt}
          </div>
        </>
      )}
    </section>
  );
}
