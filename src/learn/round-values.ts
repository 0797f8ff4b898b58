/**
 * Value targets of round points (`NetArchitecture.valueTarget` 'round'):
 * while an episode is played, every decision's value target becomes every
 * seat's points of the round the decision was made in, the gain in
 * `Game.runningScores` from the round's start to its end (`Game.roundsDone`
 * growing by one, or the game's end). A search that stops at the round's
 * end (`ismcts:horizon=round,leaf=net`) adds such an estimate to the
 * running scores instead of playing the round out.
 */
import type { Game, GameStateBase } from '../core/game.js';
import { UsageError } from '../core/errors.js';
import type { PackBuilder } from './sample-pack.js';

/** One per self-play chunk: labels the decisions of each round as the round ends. */
export class RoundLabels {
  private readonly start: Float64Array;
  private readonly now: Float64Array;
  private readonly points: Float64Array;
  private round = 0;

  /**
   * @param scale game points per unit of the value target (> 0).
   * @throws UsageError when the game has no `roundsDone` and `runningScores`.
   */
  constructor(
    private readonly game: Game<GameStateBase, object>,
    players: number,
    private readonly scale: number,
  ) {
    if (!game.roundsDone || !game.runningScores)
      throw new UsageError(`${game.info.id} is not scored in rounds: a value head of round points needs a game with rounds`);
    this.start = new Float64Array(players);
    this.now = new Float64Array(players);
    this.points = new Float64Array(players);
  }

  /** At the deal of an episode: the running scores the first round starts from. */
  begin(s: GameStateBase): void {
    this.game.runningScores!(s, this.start);
    this.round = this.game.roundsDone!(s);
  }

  /**
   * After every action of the episode: when a round has been scored or the
   * game is over, labels every decision since the last round's end with
   * the round's points (`PackBuilder.endRound`).
   */
  after(s: GameStateBase, out: PackBuilder): void {
    const game = this.game;
    const r = game.roundsDone!(s);
    if (r === this.round && !game.isTerminal(s)) return;
    game.runningScores!(s, this.now);
    for (let q = 0; q < this.points.length; q++) this.points[q] = this.now[q]! - this.start[q]!;
    out.endRound(this.points, this.scale);
    this.start.set(this.now);
    this.round = r;
  }
}
