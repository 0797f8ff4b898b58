/**
 * The public core API: what games implement and what bots may import.
 * Bots import only from here (and a game's own greedy heuristic from its game).
 */
export type { Action, Game, GameInfo, GameResult, GameStateBase, RecordAction, Seat, Utility } from './game.js';
export { defineGame, type GameDefinition } from './define.js';
export { copyRow, NO_WINNERS, plainArray, RuleError } from './game.js';
export type { Bot, BotContext, BotKind, BotParam, BotParams } from './bot.js';
export { BotSpecError } from './bot.js';
export { botParamsFor, resolveBotParams } from './bot-params.js';
export { UsageError } from './errors.js';
export { Rng, createRng, dealRng, shuffleInPlace } from './rng.js';
export type { Variant, VariantParam, VariantValue } from './variant.js';
export { VariantError, boolParam, intParam, perVariant, stringParam } from './variant.js';
export type { GameRecord, Recorder, RecordRound } from './record.js';
export type { BalanceTable, Estimate, GameBalance, KeyFigure } from './balance.js';
export { lineupGroups, mergeNumericTotals, ratioOrNaN, shareUnits, sumOverEntries } from './balance.js';
export { indexInSorted } from './sorted.js';
export type { ActionFeatures, ObservationTensor, TensorField } from './tensor.js';
export { layoutCache, layoutSize, relativeSeat, tensorLayout, writeOneHot } from './tensor.js';
