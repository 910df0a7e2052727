// Guilds' sizes and limits, and the boss's turns and day: numbers alone, so the web states them too (api/rules.ts).
export const GUILD_NAME_MIN = 3;
export const GUILD_NAME_MAX = 24;
export const GUILD_DESCRIPTION_MAX = 200;
export const GUILD_MESSAGE_MAX = 300;
export const GUILD_MAX_MEMBERS = 30;
export const GUILD_MAX_OFFICERS = 3;
/** Messages a player may write a minute. */
export const GUILD_MESSAGES_A_MINUTE = 10;
/** After leaving (or being removed from) a guild, the wait before joining another. */
export const GUILD_REJOIN_WAIT_S = 3600;
/** A leader not seen this long hands the guild over at its next read. */
export const LEADER_AWAY_S = 72 * 3600;
export const BOSS_ATTACKS_A_DAY = 2;
/** An attack is this many of the engine's turns (a turn: one unit acts). */
export const BOSS_TURNS = 20;
/** A guild's day resets at this local hour, its week on Monday at that hour. */
export const GUILD_RESET_HOUR = 4;
