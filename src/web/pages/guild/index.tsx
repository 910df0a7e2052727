// /guilds/:guildId — a guild: its name, description, time zone and members; for its members the week's boss
// (./boss.tsx) and the message board (./board.tsx); for its leader and officers the requests to join and the
// members' roles (./members.tsx). A visitor sees the guild and its boss, and may join or ask to join. On a phone the
// three parts are tabs (Boss, Board, Members; ?part=board opens one); on a desktop they stand side by side. The
// page holds a boss attack and its result card, so that neither a read again of the guild or the boss (a kill opens
// the next boss) nor a phone's tabs take the card away before it is read. Reached from /guilds and the navigation.
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { GUILD_MAX_MEMBERS } from '../../../api/rules.ts';
import * as api from '../../api/client.ts';
import { useAttackBoss, useGuild, useJoinGuild } from '../../api/guild-hooks.ts';
import { BossHealth, JoinGuildButton, PolicyBadge, sentence } from '../../components/guild-parts.tsx';
import { counted } from '../../components/format.ts';
import { Icon } from '../../components/icon.tsx';
import { ButtonLink, ErrorBox, RetryPanel, Skeleton, Tabs } from '../../components/ui.tsx';
import { usePhone } from '../../components/use-media.ts';
import { useSignedInUser } from '../../session.ts';
import { BossPanel, type LastAttack } from './boss.tsx';
import { Board } from './board.tsx';
import { Members } from './members.tsx';
import './guild.css';

type Part = 'boss' | 'board' | 'members';
const PARTS: readonly Part[] = ['boss', 'board', 'members'];

/** Join or Ask to join, for a player who is not a member; 'Request sent' once asked (this visit or before: `asked`). */
function JoinBar({ guild, userId, inAGuild }: { guild: api.GuildView; userId: string; inAGuild: boolean }) {
  const join = useJoinGuild(userId);
  const ask = guild.join_policy === 'request';
  return (
    <div className="guild-join panel">
      <div className="guild-join__boss">
        <span className="muted">This week’s boss</span>
        <BossHealth boss={guild.boss} />
      </div>
      <p className="muted">
        {ask
          ? 'This guild takes members by request: its leader or an officer accepts.'
          : 'This guild is open: join and you are a member at once.'}{' '}
        Members read its board and fight its boss.
      </p>
      <JoinGuildButton
        guild={{ join_policy: guild.join_policy, members: guild.members.length }}
        inAGuild={inAGuild}
        asked={join.data?.status === 'asked' || guild.asked === true}
        busy={join.isPending}
        onJoin={() => join.mutate(guild.id)}
      />
      {join.failure && (
        <ErrorBox onDismiss={join.reset}>
          <span data-testid="join-error">{sentence(join.failure)}</span>
        </ErrorBox>
      )}
    </div>
  );
}

function GuildHead({ guild }: { guild: api.GuildView }) {
  return (
    <header className="guild-head panel">
      <Icon name="guild" size={44} className="guild-head__crest" />
      <div className="guild-head__title">
        <h1>{guild.name}</h1>
        <PolicyBadge policy={guild.join_policy} />
      </div>
      {guild.description && <p className="guild-head__desc">{guild.description}</p>}
      <p className="guild-head__facts muted tabular">
        <span>
          <Icon name="heroes" size={14} /> {guild.members.length}/{GUILD_MAX_MEMBERS} members
        </span>
        <span>
          <Icon name="boss" size={14} /> {counted(guild.week_kills, 'boss', 'bosses')} killed this week
        </span>
        <span>
          <Icon name="calendar" size={14} /> Time zone {guild.time_zone.replace(/_/g, ' ')}
        </span>
      </p>
    </header>
  );
}

export default function GuildPage() {
  const { guildId = '' } = useParams();
  const user = useSignedInUser();
  const guild = useGuild(guildId, user.id);
  const attack = useAttackBoss(guildId, user.id);
  const [lastAttack, setLastAttack] = useState<(LastAttack & { guildId: string }) | null>(null);
  const phone = usePhone();
  // the phone's open tab is in the address (?part=board), so Back and a shared link keep it
  const [params, setParams] = useSearchParams();
  const part = PARTS.find((p) => p === params.get('part')) ?? 'boss';
  const setPart = (p: Part) =>
    setParams(p === 'boss' ? {} : { part: p }, { replace: true, preventScrollReset: true });

  if (guild.isPending)
    return (
      <div className="guild-page" aria-busy="true">
        <Skeleton height={120} />
        <div className="guild-grid">
          <Skeleton height={420} />
          <Skeleton height={420} />
        </div>
      </div>
    );
  // (a read again that failed keeps the guild shown, with its boss and the attack's card; a closed guild does not)
  if (guild.isError && (guild.data === undefined || api.isNotFound(guild.error)))
    return api.isNotFound(guild.error) ? (
      <div className="empty-state panel">
        <strong>Guild not found</strong>
        <p>This guild does not exist, or it closed when its last member left.</p>
        <ButtonLink to="/guilds">Find a guild</ButtonLink>
      </div>
    ) : (
      <RetryPanel
        message={api.errorText(guild.error, 'Failed to fetch the guild')}
        onRetry={() => void guild.refetch()}
        retrying={guild.isFetching}
      />
    );

  const g = guild.data;
  const me = g.members.find((m) => m.user_id === user.id) ?? null;
  const requests = g.requests ?? [];
  const members = <Members guild={g} me={me} userId={user.id} />;
  const back = (
    <ButtonLink to="/guilds" variant="ghost" className="back-link">
      ‹ Guilds
    </ButtonLink>
  );

  if (!me)
    return (
      <div className="guild-page">
        {back}
        <GuildHead guild={g} />
        <JoinBar guild={g} userId={user.id} inAGuild={!!user.guild_id && user.guild_id !== g.id} />
        {members}
      </div>
    );

  const boss = (
    <BossPanel
      guildId={g.id}
      userId={user.id}
      attack={attack}
      result={lastAttack?.guildId === g.id ? lastAttack : null}
      onResult={(r) => setLastAttack(r && { ...r, guildId: g.id })}
    />
  );
  const board = <Board guildId={g.id} userId={user.id} />;
  return (
    <div className="guild-page" data-testid="guild-page" data-role={me.role}>
      {back}
      <GuildHead guild={g} />
      {phone ? (
        <>
          <Tabs<Part>
            label="Guild"
            value={part}
            onChange={setPart}
            tabs={[
              { key: 'boss', label: 'Boss', icon: 'boss' },
              { key: 'board', label: 'Board', icon: 'quest' },
              {
                key: 'members',
                label: 'Members',
                icon: 'heroes',
                count: requests.length > 0 ? `${requests.length} new` : g.members.length,
              },
            ]}
          />
          <div role="tabpanel" aria-label={part === 'boss' ? 'Boss' : part === 'board' ? 'Board' : 'Members'}>
            {part === 'boss' ? boss : part === 'board' ? board : members}
          </div>
        </>
      ) : (
        <div className="guild-grid">
          <div className="guild-grid__main">{boss}</div>
          <div className="guild-grid__side">
            {board}
            {members}
          </div>
        </div>
      )}
    </div>
  );
}
