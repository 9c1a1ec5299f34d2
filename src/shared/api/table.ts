/**
 * The table part of the GameApi (docs/lan-design.md): solo games, hosting, joining, the lobby, play, chat,
 * discovery. Every shape a host and a client exchange is one zod schema here; its type is inferred.
 * A joining desktop validates what a host sends with these same schemas (never trust the wire).
 */
import { z } from 'zod'
import { ERROR_CODES, actionSchema } from '../engine/actions'
import { ruleOptionsSchema, partialRuleOptionsSchema } from '../engine/rules'
import { BOT_LEVELS } from '../ai/types'
import { gameRecordSchema } from '../history/record'

/** Bumped on any incompatible change of the table frames; `table.join` refuses another version. */
export const PROTOCOL_VERSION = 2

// ---------------------------------------------------------------------------------------------------
// Cards, groups, the engine's GameView and events (mirrors src/shared/engine/views.ts and actions.ts).

/** A card in a hand or on the discard pile: `R7`, `W`, `S`. */
export const cardCodeSchema = z.string().regex(/^(?:[RBYG](?:1[0-2]|[1-9])|W|S)$/, 'not a card code')
/** A card in a laid group: a natural card, or a Wild with its declared meaning (`W=7`, `W=R`). */
export const laidCardSchema = z.string().regex(/^(?:[RBYG](?:1[0-2]|[1-9])|W=(?:1[0-2]|[1-9]|[RBYG]))$/, 'not a laid card')
const colourSchema = z.enum(['R', 'B', 'Y', 'G'])
const seatIndex = z.number().int().min(0).max(5)
/** Between-hands auto-deal (seconds): long enough to read the scores, short enough to keep a party moving. */
const autoDealSchema = z.number().int().min(5).max(300)
const cardNumber = z.number().int().min(1).max(12)
/** A SHA-256 digest as 64 lowercase hex digits (deal commitments). */
const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, 'not a SHA-256 hex digest')

// Read-only, as the engine's LaidGroup: laid groups are shared between states and views, never written.
export const laidGroupSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('set'), number: cardNumber, cards: z.array(laidCardSchema).max(40).readonly() }).readonly(),
  z.object({ kind: z.literal('run'), low: cardNumber, high: cardNumber, cards: z.array(laidCardSchema).max(12).readonly() }).readonly(),
  z.object({ kind: z.literal('colour'), colour: colourSchema, cards: z.array(laidCardSchema).max(60).readonly() }).readonly(),
])

export const phaseDefSchema = z.object({
  number: z.number().int().min(1).max(99),
  groups: z.array(z.object({ kind: z.enum(['set', 'run', 'colour']), size: z.number().int().min(1).max(12) })).min(1).max(4),
})

export const publicPlayerSchema = z.object({
  seat: seatIndex,
  name: z.string().max(40),
  phase: z.number().int().nullable(),
  completed: z.array(z.number().int()),
  laidDown: z.array(laidGroupSchema).readonly().nullable(),
  score: z.number().int(),
  pendingSkip: z.boolean(),
  lostTurn: z.boolean(),
  left: z.boolean(),
  handCount: z.number().int().min(0),
  savedCount: z.number().int().min(0),
  savedThisHand: z.boolean(),
  inHand: z.boolean(),
})

/** The engine's `GameView` (one seat's, or a spectator's with `seat: null` and an empty hand). */
export const gameViewSchema = z.object({
  seat: seatIndex.nullable(),
  hand: z.array(cardCodeSchema).max(120),
  saved: z.array(cardCodeSchema).max(120),
  players: z.array(publicPlayerSchema).min(2).max(6),
  discard: z.array(cardCodeSchema).max(120),
  drawCount: z.number().int().min(0),
  stage: z.enum(['choosePhase', 'draw', 'play', 'handOver', 'gameOver']),
  turn: seatIndex.nullable(),
  dealer: seatIndex,
  handNumber: z.number().int().min(1),
  version: z.number().int().min(0),
  rules: ruleOptionsSchema,
  phases: z.array(phaseDefSchema).min(1).max(20),
  laidThisTurn: z.boolean(),
  tieBreak: z.array(seatIndex).nullable(),
  lastHand: z.object({ wentOut: seatIndex.nullable(), points: z.array(z.number().int()) }).nullable(),
  winner: seatIndex.nullable(),
  revealedSeeds: z.array(z.string().max(64)),
  /** The game key (RULES.md section 11), once the game is over; null before. */
  gameKey: z.string().max(64).nullable(),
  /** SHA-256 deal commitments, one per hand dealt so far (index = hand number - 1; RULES.md section 11). */
  commitments: z.array(sha256Hex).max(200),
  gameCommitment: sha256Hex,
  tableId: z.string().max(64),
  /** This hand as dealt, as far as this seat may know it (a client's deal check re-deals it from the seed). */
  deal: z.object({
    hand: z.array(cardCodeSchema).max(20),
    upcard: cardCodeSchema.nullable(),
    saved: z.array(cardCodeSchema).max(120),
    hiddenSaved: z.number().int().min(0).max(120),
  }),
})
export type GameViewPayload = z.infer<typeof gameViewSchema>

/** The engine's `GameEvent`s as a client receives them. `drew.card` is present for a discard-pile draw
 * (public) and, in the drawer's own copy only, for a deck or Save Pile draw. */
export const gameEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('handDealt'), handNumber: z.number().int(), dealer: seatIndex, upcard: cardCodeSchema.nullable(), seats: z.array(seatIndex), commitment: sha256Hex }),
  z.object({ type: z.literal('phaseChosen'), seat: seatIndex, phase: z.number().int() }),
  z.object({ type: z.literal('drew'), seat: seatIndex, from: z.enum(['deck', 'discard', 'saved']), card: cardCodeSchema.optional() }),
  z.object({ type: z.literal('reshuffled'), count: z.number().int() }),
  z.object({ type: z.literal('laidDown'), seat: seatIndex, phase: z.number().int(), groups: z.array(laidGroupSchema).readonly() }),
  z.object({ type: z.literal('hit'), seat: seatIndex, card: laidCardSchema, target: z.object({ seat: seatIndex, group: z.number().int().min(0).max(7) }) }),
  z.object({ type: z.literal('discarded'), seat: seatIndex, card: cardCodeSchema }),
  z.object({ type: z.literal('skipPlayed'), seat: seatIndex, target: seatIndex.nullable() }),
  z.object({ type: z.literal('turnSkipped'), seat: seatIndex }),
  z.object({ type: z.literal('saved'), seat: seatIndex }),
  z.object({ type: z.literal('wentOut'), seat: seatIndex }),
  z.object({
    type: z.literal('handEnded'),
    handNumber: z.number().int(),
    wentOut: seatIndex.nullable(),
    points: z.array(z.number().int()),
    totals: z.array(z.number().int()),
    madePhase: z.array(seatIndex),
    seed: z.string().max(64),
  }),
  z.object({ type: z.literal('tieBreak'), seats: z.array(seatIndex) }),
  z.object({ type: z.literal('gameEnded'), winner: seatIndex }),
  z.object({ type: z.literal('playerLeft'), seat: seatIndex }),
])
export type TableGameEvent = z.infer<typeof gameEventSchema>

// ---------------------------------------------------------------------------------------------------
// Seats, snapshots, chat, discovery.

export const botLevelSchema = z.enum(BOT_LEVELS as unknown as ['easy', 'medium', 'hard', 'expert'])
export const playerNameSchema = z.string().trim().min(1).max(20)

export const seatInfoSchema = z.object({
  /** Index in `seats`; once the game starts it is also the engine's seat number. */
  seat: seatIndex,
  name: z.string().max(40),
  kind: z.enum(['human', 'bot']),
  /** The bot's level (also for a human's seat handed to a bot after a drop). */
  botLevel: botLevelSchema.nullable(),
  /** A human seat with a live connection (bots: always true). */
  connected: z.boolean(),
  /** Lobby readiness (bots: always true). */
  ready: z.boolean(),
  /** The seat of the host machine's own player (the local human, or the headless host's operator). */
  isHost: z.boolean(),
  /** A human seat the host is playing for after a drop (dropPolicy `bot`/`remove`); its token still reclaims it. */
  autoPlayed: z.boolean(),
})
export type SeatInfo = z.infer<typeof seatInfoSchema>

export const dropPolicySchema = z.enum(['wait', 'bot', 'remove'])
export type DropPolicy = z.infer<typeof dropPolicySchema>

export const chatMessageSchema = z.object({
  id: z.number().int().min(0),
  /** Host clock, ms since the epoch. */
  at: z.number().int(),
  /** The sender's seat; `null` for a spectator or the host operator without a seat. */
  seat: seatIndex.nullable(),
  name: z.string().max(40),
  text: z.string().min(1).max(200),
})
export type ChatMessage = z.infer<typeof chatMessageSchema>

/** What just happened (public events; a deck draw's card only in its drawer's copy), after `version`. */
export const tableEventsSchema = z.object({ version: z.number().int().min(0), events: z.array(gameEventSchema) })
export type TableEvents = z.infer<typeof tableEventsSchema>

export const tableSnapshotSchema = z.object({
  protocol: z.number().int(),
  tableId: z.string().max(64),
  name: z.string().max(40),
  /** `solo`: this machine's solo table; `host`: this machine hosts it; `guest`: seated at another host's table. */
  role: z.enum(['solo', 'host', 'guest', 'spectator']),
  status: z.enum(['lobby', 'playing', 'over']),
  /** This client's seat, `null` for a spectator or an operator without a seat. */
  mySeat: seatIndex.nullable(),
  seats: z.array(seatInfoSchema).max(6),
  rules: ruleOptionsSchema,
  /** The engine state version `table.act` must carry (0 in the lobby). */
  version: z.number().int().min(0),
  /** This client's own view of the game (`viewFor` its seat, or the spectator view); `null` in the lobby. */
  view: gameViewSchema.nullable(),
  /** The last public events (as this client may see them), oldest first, for a log after a reload. */
  recentEvents: z.array(tableEventsSchema).max(50),
  /** Play is paused because a seat dropped: who, and when its grace period ends (host clock, epoch ms). */
  paused: z
    .object({
      seat: seatIndex,
      name: z.string().max(40),
      /** `null` once the grace period is over and the host waits (dropPolicy `wait`). */
      graceDeadline: z.number().int().nullable(),
    })
    .nullable(),
  /** With rules.turnTimerSeconds: when the host plays a default move for the seat to act (epoch ms). */
  turnDeadline: z.number().int().nullable(),
  dropPolicy: dropPolicySchema,
  /** Addresses a phone or desktop can join at (host and solo roles only; else []). */
  joinUrls: z.array(z.string().max(200)).max(16),
  /** `guest`/`spectator` of a remote host: the link to it (`connected` for anything hosted here). */
  connection: z.enum(['connected', 'reconnecting', 'disconnected']),
  /** Last chat lines, oldest first. */
  chat: z.array(chatMessageSchema).max(50),
  /** How long bots wait before each action at this table (ms): the table's own, else settings.botDelayMs.
   * (Optional only so snapshots built before it existed still type-check; TableHost always sends it.) */
  botDelayMs: z.number().int().min(0).max(5000).optional(),
  /** The host's clock (epoch ms) when this snapshot was made: a client's countdowns to `turnDeadline` and
   * `paused.graceDeadline` use it to allow for its own clock being off. (Optional like `botDelayMs`.) */
  hostNow: z.number().int().optional(),
  /** How long a dropped player's seat is kept before `dropPolicy` applies (seconds). */
  graceSeconds: z.number().int().min(0).max(3600).optional(),
  /** After the game (`over`): the seats whose players voted for a rematch (`table.rematch`), ascending. */
  rematchVotes: z.array(seatIndex).max(6).optional(),
  /** Between hands (`view.stage` handOver): the seats whose players are ready for the next hand, ascending. */
  handReady: z.array(seatIndex).max(6).optional(),
  /** Between hands the host deals on by itself after this many seconds (`turnDeadline` counts down); `null`: off. */
  autoDealSeconds: autoDealSchema.nullable().optional(),
  /** Play waits because the host cannot save the game (e.g. its disk is full): what to tell the players. */
  /** The table's Ed25519 public key (raw, base64url): a rejoining desktop checks it with host.prove. */
  hostKey: z.string().max(64).nullable().optional(),
  hostProblem: z.string().max(300).nullable().optional(),
  /** The table offers the coach's Hint (`table.hint`): on in solo games, a host's option in LAN games. */
  hints: z.boolean().optional(),
})
export type TableSnapshot = z.infer<typeof tableSnapshotSchema>

/** A table found on the LAN (mDNS TXT record + the packet's address). */
export const discoveredGameSchema = z.object({
  /** Stable key: the advertised table id. */
  id: z.string().max(64),
  name: z.string().max(40),
  hostName: z.string().max(64),
  address: z.string().max(64),
  port: z.number().int().min(1).max(65535),
  protocol: z.number().int(),
  seatsTaken: z.number().int().min(0).max(6),
  seatsTotal: z.number().int().min(0).max(6),
  inProgress: z.boolean(),
  edition: z.enum(['classic', 'masters']),
  /** Host clock of the last answer (epoch ms), for expiring silent hosts. */
  lastSeen: z.number().int(),
  /** The advertised host key fingerprint (TXT `fp`), when the host sends one. */
  fingerprint: z.string().max(43).optional(),
})
export type DiscoveredGame = z.infer<typeof discoveredGameSchema>

/** An unfinished game saved on this machine (dataDir/saves), as the home screen offers it to continue. */
export const savedGameSchema = z.object({
  /** Pass it to `host.open` as `resume`. */
  tableId: z.string().max(64),
  name: z.string().max(40),
  mode: z.enum(['solo', 'lan']),
  /** When it was last saved (epoch ms). */
  savedAt: z.number().int(),
  edition: z.enum(['classic', 'masters']),
  handNumber: z.number().int().min(1),
  players: z
    .array(
      z.object({
        name: z.string().max(40),
        kind: z.enum(['human', 'bot']),
        botLevel: botLevelSchema.nullable(),
        /** This machine's own seat. */
        isHost: z.boolean(),
        score: z.number().int(),
        /** The phase being attempted (Classic) or chosen (Masters; `null` before choosing). */
        phase: z.number().int().nullable(),
      }),
    )
    .min(2)
    .max(6),
})
export type SavedGame = z.infer<typeof savedGameSchema>

/** The table a host runs, as its join screen shows it before joining (`table.preview`): public, like the advert. */
export const tablePreviewSchema = z.object({
  name: z.string().max(40),
  status: z.enum(['lobby', 'playing', 'over']),
  edition: z.enum(['classic', 'masters']),
  seats: z
    .array(z.object({ name: z.string().max(40), kind: z.enum(['human', 'bot']), connected: z.boolean(), isHost: z.boolean() }))
    .max(6),
})
export type TablePreview = z.infer<typeof tablePreviewSchema>

/** What TableHost emits as 'changed' (what the mDNS TXT record advertises). */
export const tableInfoSchema = z.object({
  tableId: z.string().max(64),
  name: z.string().max(40),
  protocol: z.number().int(),
  seatsTaken: z.number().int().min(0).max(6),
  seatsTotal: z.number().int().min(0).max(6),
  inProgress: z.boolean(),
  edition: z.enum(['classic', 'masters']),
  /** The table's host key fingerprint (src/main/session/host-key.ts); absent from hosts that have none. */
  fingerprint: z.string().max(43).optional(),
})
export type TableInfo = z.infer<typeof tableInfoSchema>

// ---------------------------------------------------------------------------------------------------
// Request params and results.

const noParams = z.object({}).strict()
const snapshot = tableSnapshotSchema
const seedSchema = z.string().min(1).max(64)
const botDelaySchema = z.number().int().min(0).max(5000)

export const soloStartParamsSchema = z
  .object({
    /** Defaults to settings.playerName. */
    name: playerNameSchema.optional(),
    bots: z.array(z.object({ level: botLevelSchema, name: playerNameSchema.optional() }).strict()).min(1).max(5),
    rules: partialRuleOptionsSchema.optional(),
    /** Fixed seed (tests, replays); random when omitted. */
    seed: seedSchema.optional(),
    /** Bot "thinking" delay for this table (ms); default settings.botDelayMs. */
    botDelayMs: botDelaySchema.optional(),
  })
  .strict()

/** A network adapter players can reach this host on (src/main/net/interfaces.ts): its name and addresses. */
export const lanInterfaceSchema = z
  .object({
    name: z.string().min(1).max(64),
    /** Its IPv4: the join link and QR code use it, the mDNS advert goes out from it. */
    address: z.string().regex(/^\d{1,3}(\.\d{1,3}){3}$/),
    /** Its routable IPv6 addresses (advertised too; no link-local). */
    ipv6: z.array(z.string().max(64)).max(4),
  })
  .strict()
export type LanInterface = z.infer<typeof lanInterfaceSchema>

/** `host.interfaces`: the adapters to host on, best first, and the one a LAN table uses now (or would). */
export const hostInterfacesSchema = z
  .object({
    interfaces: z.array(lanInterfaceSchema).max(32),
    /** Name of the adapter in use (or the default for the next table); null: none usable. */
    chosen: z.string().max(64).nullable(),
    /** True when the host was started on one address (`--host ADDR`): there is nothing to choose. */
    fixed: z.boolean(),
  })
  .strict()
export type HostInterfaces = z.infer<typeof hostInterfacesSchema>

export const hostOpenParamsSchema = z
  .object({
    /** Table name shown in discovery; defaults to "<player>'s table". */
    tableName: z.string().trim().min(1).max(40).optional(),
    /** The host's own player name (defaults to settings.playerName); omit `seat: false` to sit at the table. */
    name: playerNameSchema.optional(),
    /** false: host without sitting down (the headless host's default). */
    seat: z.boolean().default(true),
    rules: partialRuleOptionsSchema.optional(),
    /** Resume the saved table with this id (dataDir/saves/<id>.json) instead of opening a new one. */
    resume: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).optional(),
    /** Bot "thinking" delay for this table (ms); default settings.botDelayMs (a browser sends its own). */
    botDelayMs: botDelaySchema.optional(),
    /** The network adapter (a `host.interfaces` name) to advertise on and build the join link for; default the best. */
    interface: z.string().min(1).max(64).optional(),
  })
  .strict()

export const joinConnectParamsSchema = z
  .object({
    address: z.string().min(1).max(253),
    port: z.number().int().min(1).max(65535),
    name: playerNameSchema.optional(),
    /** A seat token from an earlier join of this table: reclaims that seat. */
    token: z.string().max(128).optional(),
    spectate: z.boolean().optional(),
  })
  .strict()

export const tableJoinParamsSchema = z
  .object({
    /** Must equal PROTOCOL_VERSION, else PROTOCOL_VERSION. */
    protocol: z.number().int(),
    name: playerNameSchema,
    /** Seat token from an earlier join (reconnect, or after a host restart): reclaims that seat. */
    token: z.string().max(128).optional(),
    spectate: z.boolean().optional(),
  })
  .strict()
export const tableJoinResultSchema = z.object({
  /** Keep it to reclaim the seat after a drop or a host restart; `null` for a spectator. */
  token: z.string().nullable(),
  snapshot,
})

export const tableActParamsSchema = z
  .object({
    /** The `version` of the snapshot the action was made against; anything else is STALE_VERSION. */
    version: z.number().int().min(0),
    action: actionSchema,
  })
  .strict()

export const requestsTable = {
  /** Local only. Starts a solo table (local human + 1-5 bots) at once. */
  'solo.start': { params: soloStartParamsSchema, result: snapshot },
  /** Local only. Opens a LAN table (lobby) hosted here, or resumes a saved one; listens for joiners. */
  'host.open': { params: hostOpenParamsSchema, result: snapshot },
  /** Local only (it names the host's addresses). The adapters a LAN table can be hosted on (`host.open.interface`). */
  'host.interfaces': { params: noParams, result: hostInterfacesSchema },
  /** Local only. Unfinished games saved on this machine, newest first (at most 5): `host.open` resumes one. */
  'saves.list': { params: noParams, result: z.array(savedGameSchema) },
  /** Local only. Deletes a saved game (not the table open now: WRONG_STATUS); `NO_TABLE` when there is no such save. */
  'saves.remove': { params: z.object({ tableId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }).strict(), result: z.null() },
  /** Local only. Closes the hosted/solo table (the save stays for a later `resume`). */
  'host.close': { params: noParams, result: z.null() },
  /** Remote. Claims host-operator rights with the token printed by the headless host (`?op=TOKEN`). */
  'host.claim': { params: z.object({ token: z.string().min(1).max(128) }).strict(), result: z.object({ operator: z.literal(true) }) },
  /** Open to anyone: the table's host key signs `challenge` (src/main/session/host-key.ts), so a client can
   * tell the table it sat at from an impostor before it sends its seat token. */
  'host.prove': {
    params: z.object({ challenge: z.string().regex(/^[A-Za-z0-9_-]{22,86}$/) }).strict(),
    result: z.object({ tableId: z.string().max(64), publicKey: z.string().max(64), signature: z.string().max(128) }),
  },
  /** Open to anyone: the table hosted here (name, status, who sits there) for a join screen; `null` when none is. */
  'table.preview': { params: noParams, result: tablePreviewSchema.nullable() },
  /** Local only. Joins another host's table (RemoteTable); answers its first snapshot. */
  'join.connect': { params: joinConnectParamsSchema, result: snapshot },
  /** Local only. Starts browsing the LAN; results arrive as `discovery.games` events. */
  'discovery.start': { params: noParams, result: z.array(discoveredGameSchema) },
  'discovery.stop': { params: noParams, result: z.null() },
  /** Local only (host, lobby). Any subset of the rule options, a new table name, and/or the bots' delay (any time). */
  'lobby.setRules': {
    params: z
      .object({
        rules: partialRuleOptionsSchema.optional(),
        tableName: z.string().trim().min(1).max(40).optional(),
        botDelayMs: botDelaySchema.optional(),
        /** Between hands, deal on after this many seconds; `null` turns it off. Any time, like `botDelayMs`. */
        autoDealSeconds: autoDealSchema.nullable().optional(),
        /** Offer the coach's Hint to the players (`table.hint`). Any time. */
        hints: z.boolean().optional(),
      })
      .strict(),
    result: snapshot,
  },
  /** Host only. Between hands: deal the next hand now, whoever is not ready yet. */
  'lobby.dealNext': { params: noParams, result: snapshot },
  'lobby.addBot': { params: z.object({ level: botLevelSchema, name: playerNameSchema.optional() }).strict(), result: snapshot },
  /** Removes (lobby) or kicks (any time: a kicked human's seat is auto-played) a seat. */
  'lobby.removeSeat': {
    params: z
      .object({
        seat: seatIndex,
        /** In play: the level of the bot that plays the seat from now on (default medium). */
        botLevel: botLevelSchema.optional(),
        /** In play: the seat also leaves the game when the hand ends (no more cards, cannot win). */
        atNextHand: z.boolean().optional(),
      })
      .strict(),
    result: snapshot,
  },
  /** Starts when every human is ready (bots always are; the host's own seat counts as ready). */
  'lobby.start': { params: z.object({ seed: seedSchema.optional() }).strict(), result: snapshot },
  /**
   * What happens when a dropped seat's grace period ends: `wait` (stay paused), `bot` (a bot plays it),
   * `remove` (lobby: the seat goes; in play: the host auto-plays it, marked removed). With `seat`: apply it
   * now to that disconnected seat. `graceSeconds` changes the grace period for later drops.
   */
  'lobby.dropPolicy': {
    params: z
      .object({
        policy: dropPolicySchema,
        seat: seatIndex.optional(),
        botLevel: botLevelSchema.optional(),
        graceSeconds: z.number().int().min(0).max(3600).optional(),
      })
      .strict(),
    result: snapshot,
  },
  /** Remote. The handshake: a seat (new, or reclaimed with `token`) or a spectator place. */
  'table.join': { params: tableJoinParamsSchema, result: tableJoinResultSchema },
  /** Remote. This client's snapshot, `null` when it has no table. */
  'table.get': { params: noParams, result: snapshot.nullable() },
  /** Remote. One action for my seat, made against `version`; answers the new version. */
  'table.act': { params: tableActParamsSchema, result: z.object({ version: z.number().int() }) },
  /** Remote. One chat line (1-200 chars, at most 5 per 10 s per client). */
  'table.chat': { params: z.object({ text: z.string().trim().min(1).max(200) }).strict(), result: chatMessageSchema },
  'lobby.setReady': { params: z.object({ ready: z.boolean() }).strict(), result: snapshot },
  /** Remote. Leaves: lobby → the seat goes; in play → it counts as a drop (pause, grace, dropPolicy). */
  'table.leave': { params: noParams, result: z.null() },
  /** Remote. After the game: the host starts it again at once (same seats, new seed); a guest votes. */
  'table.rematch': { params: noParams, result: snapshot },
  /**
   * Remote. The coach: what the Expert bot would do now in my seat, and one line why. Computed by the host from
   * my seat's own view and public history only; `null` when I have nothing to do. FORBIDDEN when the table
   * does not offer hints (`snapshot.hints`).
   */
  'table.hint': { params: noParams, result: z.object({ action: actionSchema, why: z.string().max(300) }).nullable() },
  /**
   * Remote. The finished game's record (src/shared/history/record.ts: rules, players, hands, game key, log) for
   * any member of the table, seated or watching: a joined desktop keeps it in its own history. WRONG_STATUS
   * while the game is not over; NO_TABLE when not joined.
   */
  'table.record': { params: noParams, result: gameRecordSchema },
} as const

export const eventsTable = {
  /** This client's snapshot after every change (its own view only), `null` when the table closed. */
  'table.snapshot': tableSnapshotSchema.nullable(),
  /** What just happened, for the log, animation and sound. Sent before the matching snapshot. */
  'table.events': tableEventsSchema,
  'table.chat': chatMessageSchema,
  /** Sent just before `table.snapshot` `null` when the host removed this client's seat: why, in words. */
  'table.removed': z.object({ reason: z.string().max(200) }),
  /** The current list of tables found on the LAN, after every change. */
  'discovery.games': z.array(discoveredGameSchema),
} as const

/**
 * Table error codes (in `ApiError.code`), each with its meaning. Every refusal changes nothing.
 */
export const TABLE_ERROR_CODES = [
  /** There is no table (none opened, or it was closed), or this client has not joined it. */
  'NO_TABLE',
  /** Only the table's host may do this: this desktop is a guest at another machine's table (lobby ops,
   * `table.join` from a third party). Remote non-operators get FORBIDDEN for local-only requests instead. */
  'NOT_HOST',
  /** `table.act`'s version is not the current one: the action was made against an older view (or sent twice). */
  'STALE_VERSION',
  /** This client has no seat (spectator, or not joined) but tried to play, ready or vote. */
  'NOT_SEATED',
  /** The engine refused the action; `detail.engineCode` holds its error code (RULES.md, e.g. NOT_YOUR_TURN). */
  'RULES',
  /** `table.join` with another protocol version; `detail.protocol` is the host's. */
  'PROTOCOL_VERSION',
  /** Too many messages (per-connection limit) or chat lines; wait and retry. */
  'RATE_LIMITED',
  /** Six seats are taken (join), or the lobby is full (addBot). */
  'TABLE_FULL',
  /** `token` matches no seat of this table, or the operator token is wrong. */
  'BAD_TOKEN',
  /** Not possible in the table's current status (e.g. lobby-only during play, start before all are ready). */
  'WRONG_STATUS',
  /** Play is paused while a dropped player's grace period runs (or the host waits for them). */
  'PAUSED',
] as const

export { ERROR_CODES as ENGINE_ERROR_CODES }

/**
 * Requests a remote client (a ws connection) may NOT make unless it holds the host-operator token
 * (`host.claim`, or the headless host's `?op=TOKEN` cookie): they answer FORBIDDEN. Everything else in
 * `requests` is open to remote clients. Settings belong to the host machine's user.
 */
export const LOCAL_ONLY_REQUESTS = [
  'solo.start',
  'host.open',
  'host.interfaces',
  'saves.list',
  'saves.remove',
  'host.close',
  'join.connect',
  'discovery.start',
  'discovery.stop',
  'lobby.setRules',
  'lobby.addBot',
  'lobby.removeSeat',
  'lobby.start',
  'lobby.dropPolicy',
  'lobby.dealNext',
  'settings.get',
  'settings.set',
  'app.installUpdate',
  'app.attention',
  'app.deepLink',
  'net.diagnose',
  'history.list',
  'history.get',
  'history.remove',
  'history.export',
  'history.import',
  'history.stats',
] as const
/** Events only local/operator clients receive (a phone never hears the host's settings). */
export const LOCAL_ONLY_EVENTS = ['settings.changed', 'discovery.games', 'app.update', 'app.deepLink'] as const
