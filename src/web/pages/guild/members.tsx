// A guild's members (leader first, then officers, then members, by this week's damage within): each with their role,
// when they were last seen in words and their damage this week. The leader and officers see the requests to join
// (Accept, Refuse) and may remove members; the leader names officers (GUILD_MAX_OFFICERS at most), makes an officer
// a member again and hands leadership over. A member may leave (asked first: the wait before joining another guild,
// and that the last member to leave closes it). Part of pages/guild.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { GUILD_MAX_OFFICERS, GUILD_REJOIN_WAIT_S } from '../../../api/rules.ts';
import type * as api from '../../api/client.ts';
import { useAnswerJoinRequest, useLeaveGuild, useManageMember } from '../../api/guild-hooks.ts';
import { RoleBadge, sentence } from '../../components/guild-parts.tsx';
import { formatNumber } from '../../components/format.ts';
import { agoText, useNow, waitWords } from '../../components/time-words.ts';
import { Button, ErrorBox, Modal } from '../../components/ui.tsx';

type Member = api.GuildView['members'][number];
type Change = 'remove' | api.GuildRole;

/** What a change asks before it is made (removing a member, handing leadership over); null: made at once. */
function confirmText(change: Change, m: Member): { title: string; body: string; yes: string } | null {
  if (change === 'remove')
    return {
      title: `Remove ${m.username}?`,
      body: `${m.username} leaves the guild and waits ${waitWords(GUILD_REJOIN_WAIT_S)} before joining another.`,
      yes: 'Remove',
    };
  if (change === 'leader')
    return {
      title: `Make ${m.username} leader?`,
      body:
        `${m.username} leads the guild from now on; you stay in it as an officer, ` +
        'or a member when the officers are full.',
      yes: 'Make leader',
    };
  return null;
}

function MemberRow({
  m,
  me,
  officers,
  now,
  busy,
  onChange,
}: {
  m: Member;
  me: Member | null;
  officers: number;
  now: number;
  busy: Change | null;
  onChange: (m: Member, change: Change) => void;
}) {
  const self = me?.user_id === m.user_id;
  const leader = me?.role === 'leader';
  const canRemove = !self && (leader || (me?.role === 'officer' && m.role === 'member'));
  const officersFull = officers >= GUILD_MAX_OFFICERS;
  const act = (change: Change, label: string, variant: 'secondary' | 'ghost' | 'danger' = 'secondary') => (
    <Button
      variant={variant}
      onClick={() => onChange(m, change)}
      busy={busy === change}
      busyText="Saving..."
      disabled={busy !== null && busy !== change}
      {...(change === 'officer' && officersFull
        ? { disabled: true, title: `A guild has at most ${GUILD_MAX_OFFICERS} officers` }
        : {})}
    >
      {label}
    </Button>
  );
  return (
    <li
      className={`guild-member${self ? ' guild-member--me' : ''}`}
      data-testid="guild-member"
      data-user-id={m.user_id}
      data-role={m.role}
    >
      <div className="guild-member__main">
        <span className="guild-member__name">
          {m.username}
          {self && <span className="muted"> (you)</span>}
        </span>
        <RoleBadge role={m.role} />
      </div>
      <div className="guild-member__facts muted tabular">
        <span data-testid="last-seen">{self ? 'just now' : agoText(m.last_seen, now)}</span>
        <span>
          <strong className="guild-member__damage">{formatNumber(m.week_damage)}</strong> damage this week
        </span>
      </div>
      {(canRemove || (leader && !self)) && (
        <div className="guild-member__actions">
          {leader && !self && m.role === 'member' && act('officer', 'Make officer')}
          {leader && !self && m.role === 'officer' && act('member', 'Make member')}
          {leader && !self && act('leader', 'Make leader')}
          {canRemove && act('remove', 'Remove', 'danger')}
        </div>
      )}
    </li>
  );
}

function Requests({ guild, userId }: { guild: api.GuildView; userId: string }) {
  const answer = useAnswerJoinRequest(guild.id, userId);
  const now = useNow();
  const requests = guild.requests ?? [];
  return (
    <section className="guild-requests" aria-labelledby="guild-requests">
      <h3 id="guild-requests">
        Requests to join <span className="count-badge">{requests.length}</span>
      </h3>
      {answer.failure && <ErrorBox onDismiss={answer.reset}>{sentence(answer.failure)}</ErrorBox>}
      {requests.length === 0 ? (
        <p className="muted guild-requests__none">No one is asking to join.</p>
      ) : (
        <ul className="guild-requests__list">
          {requests.map((r) => {
            const busy =
              answer.isPending && answer.variables.asker === r.user_id ? answer.variables.answer : null;
            return (
              <li
                key={r.user_id}
                className="guild-request"
                data-testid="join-request"
                data-user-id={r.user_id}
              >
                <span className="guild-request__who">
                  <strong>{r.username}</strong>
                  <span className="muted">asked {agoText(r.asked_at, now)}</span>
                </span>
                <span className="guild-request__actions">
                  <Button
                    onClick={() => answer.mutate({ asker: r.user_id, answer: 'accept' })}
                    busy={busy === 'accept'}
                    busyText="Accepting..."
                    disabled={answer.isPending && busy !== 'accept'}
                  >
                    Accept
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() => answer.mutate({ asker: r.user_id, answer: 'refuse' })}
                    busy={busy === 'refuse'}
                    busyText="Refusing..."
                    disabled={answer.isPending && busy !== 'refuse'}
                  >
                    Refuse
                  </Button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function LeaveGuild({ guild, userId, me }: { guild: api.GuildView; userId: string; me: Member }) {
  const navigate = useNavigate();
  const leave = useLeaveGuild(guild.id, userId);
  const [asking, setAsking] = useState(false);
  const last = guild.members.length === 1;
  const wait = waitWords(GUILD_REJOIN_WAIT_S);
  return (
    <>
      <Button
        variant="danger"
        onClick={() => setAsking(true)}
        className="guild-leave"
        data-testid="leave-guild"
      >
        Leave guild
      </Button>
      {asking && (
        <Modal
          title={`Leave ${guild.name}?`}
          onClose={() => setAsking(false)}
          footer={
            <>
              <Button variant="secondary" onClick={() => setAsking(false)}>
                Stay
              </Button>
              <Button
                variant="danger"
                busy={leave.isPending}
                busyText="Leaving..."
                onClick={() =>
                  leave.mutate(undefined, {
                    onSuccess: () => {
                      setAsking(false);
                      void navigate('/guilds');
                    },
                  })
                }
                data-testid="confirm-leave"
              >
                Leave guild
              </Button>
            </>
          }
        >
          <p>
            {last
              ? 'You are its last member: the guild closes when you leave, and its name is free again.'
              : me.role === 'leader'
                ? 'You lead this guild: leadership passes to an officer, else to a member.'
                : 'Your damage this week stays with the guild.'}{' '}
            You can join another guild {wait} after leaving.
          </p>
          {leave.failure && <ErrorBox onDismiss={leave.reset}>{sentence(leave.failure)}</ErrorBox>}
        </Modal>
      )}
    </>
  );
}

export function Members({ guild, me, userId }: { guild: api.GuildView; me: Member | null; userId: string }) {
  const manage = useManageMember(guild.id, userId);
  const now = useNow();
  const [asking, setAsking] = useState<{ m: Member; change: Change } | null>(null);
  const officers = guild.members.filter((m) => m.role === 'officer').length;
  const staff = me?.role === 'leader' || me?.role === 'officer';
  const change = (m: Member, c: Change) => {
    if (confirmText(c, m)) setAsking({ m, change: c });
    else manage.mutate({ member: m.user_id, change: c });
  };
  const busyFor = (m: Member): Change | null =>
    manage.isPending && manage.variables.member === m.user_id ? manage.variables.change : null;
  const question = asking ? confirmText(asking.change, asking.m) : null;
  return (
    <section className="guild-members panel" aria-labelledby="guild-members">
      <h2 id="guild-members">Members</h2>
      {staff && guild.requests !== undefined && <Requests guild={guild} userId={userId} />}
      {manage.failure && <ErrorBox onDismiss={manage.reset}>{sentence(manage.failure)}</ErrorBox>}
      <ul className="guild-members__list" aria-label="Members">
        {guild.members.map((m) => (
          <MemberRow
            key={m.user_id}
            m={m}
            me={me}
            officers={officers}
            now={now}
            busy={busyFor(m)}
            onChange={change}
          />
        ))}
      </ul>
      {me && <LeaveGuild guild={guild} userId={userId} me={me} />}
      {asking && question && (
        <Modal
          title={question.title}
          onClose={() => setAsking(null)}
          footer={
            <>
              <Button variant="secondary" onClick={() => setAsking(null)}>
                Cancel
              </Button>
              <Button
                variant={asking.change === 'remove' ? 'danger' : 'primary'}
                busy={manage.isPending}
                busyText="Saving..."
                onClick={() =>
                  manage.mutate(
                    { member: asking.m.user_id, change: asking.change },
                    { onSettled: () => setAsking(null) },
                  )
                }
              >
                {question.yes}
              </Button>
            </>
          }
        >
          <p>{question.body}</p>
        </Modal>
      )}
    </section>
  );
}
