/**
 * Ships a trained net as its game's `nn`: copies `<run>/net.json` to
 * `bots/nets/<game>.json` and adds to its provenance what confirmed it, as
 * the tuned profiles record theirs: the training's seconds, its verification
 * (the paired `match --sprt` against greedy on `<seed>-verify`) and
 * confirmation (the fixed-size match on `<seed>-confirm`), and, with
 * `--match DIR`, a `match` run of the shipped net against greedy (the
 * README's strength table). The weights and their hash are unchanged.
 *
 * Usage: node scripts/run.mjs scripts/ship-net.ts RUN_DIR [--match MATCH_DIR] [--force]
 * Refuses (exit 2, one line) a run whose confirmation did not find the net
 * stronger than greedy, unless --force.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { shippedNetPath } from '../bots/nets.js';

interface Comparison {
  readonly deals: number;
  readonly winRateA: number;
  readonly winRateB: number;
  readonly winShare: { readonly value: number; readonly ci95: readonly [number, number] };
}

/** A comparison in the provenance's words: win shares and A − B in points of win share per seat-game, with its 95% interval. */
function figures(c: Comparison): Record<string, unknown> {
  const pts = (x: number): number => Math.round(1000 * x) / 10;
  return {
    deals: c.deals,
    netWinShare: pts(c.winRateA),
    greedyWinShare: pts(c.winRateB),
    netMinusGreedyPoints: pts(c.winShare.value),
    ci95Points: [pts(c.winShare.ci95[0]), pts(c.winShare.ci95[1])],
  };
}

function fail(message: string): never {
  process.stderr.write(`ship-net: ${message}\n`);
  process.exit(2);
}

function readJson(path: string): Record<string, unknown> {
  if (!existsSync(path)) fail(`${path} not found`);
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
}

const args = process.argv.slice(2);
const run = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--match');
if (!run) fail('usage: ship-net RUN_DIR [--match MATCH_DIR] [--force]');
const matchAt = args.indexOf('--match');
const force = args.includes('--force');
const net = readJson(join(run, 'net.json'));
const train = readJson(join(run, 'train.json'));
const verification = train.verification as { verdict: string; comparison: Comparison } | undefined;
const confirmation = (verification as { confirmation?: { verdict: string; comparison: Comparison } } | undefined)?.confirmation;
if (!verification || !confirmation) fail(`${run} has no verification and confirmation (trained with --no-verify?)`);
if (!confirmation.verdict.startsWith('stronger') && !force)
  fail(`the confirmation did not find the net stronger than greedy (${confirmation.verdict}); --force ships it anyway`);
const provenance: Record<string, unknown> = {
  ...(net.provenance as Record<string, unknown>),
  trainingSeconds: Math.round(Number(train.seconds)),
  verification: {
    against: 'greedy',
    seed: `${(net.provenance as { seed: string }).seed}-verify`,
    verdict: verification.verdict,
    ...figures(verification.comparison),
  },
  confirmation: {
    against: 'greedy',
    seed: `${(net.provenance as { seed: string }).seed}-confirm`,
    verdict: confirmation.verdict,
    ...figures(confirmation.comparison),
  },
};
if (matchAt >= 0) {
  const m = readJson(join(args[matchAt + 1] ?? fail('--match needs a directory'), 'match.json')) as {
    seed: string;
    candidate: string;
    baseline: string;
    verdict: string;
    comparison: Comparison;
  };
  provenance.match = { candidate: m.candidate, baseline: m.baseline, seed: m.seed, verdict: m.verdict, ...figures(m.comparison) };
}
const out = shippedNetPath(String(net.game));
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify({ ...net, provenance }, null, 1)}\n`);
process.stdout.write(`shipped ${out}: ${String(net.game)}, ${String(net.parameters)} weights, confirmation ${confirmation.verdict}\n`);
