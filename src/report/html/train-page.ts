import { csvTable } from './blocks.js';
import { intervalChart, seriesChart, type Series } from './charts.js';
import { pct, plain, points, pText, signed } from './page-format.js';
import { curveHeadColumns, DIFFERENCE_COLUMNS, FITNESS_COLUMNS } from '../../results/curve-file.js';
import type { Verification } from '../../results/train-file.js';
import type { Difference } from '../../stats/paired.js';
import { cellOf, cellText, finitePair, type Row, type RunFiles, sourcesOf } from './load.js';
import type { Block, Page, PageChart, Section } from './page.js';
import type { DataTable } from './table-charts.js';
import { present, thinned, assignments, SERIES_COLOR, BEST_COLOR, readTraining, fitnessText, verificationLinks, type Training } from './train-data.js';

export function trainPage(f: RunFiles): Page {
  const t = readTraining(f);
  const { last, done, planned } = t;
  const METHOD = t.method.toUpperCase();
  const answer: string[] = [];
  if (t.stopped) {
    answer.push(
      `Stopped after ${done} of ${planned} iterations (${t.games ?? '?'} games): this page shows what is there so far; carry on with npm run train -- --resume ${f.dir}.`,
    );
  }
  if (t.isRules) {
    answer.push(
      `Rules search toward ${t.target || '?'} by NTBEA over ${t.dims.map((d, i) => `${d.key} (${(t.levels[i] ?? []).join('|')})`).join(', ')}, played by ${t.lineup.join(', ')}: ${done} iterations of ${t.dealsText} each.`,
    );
  } else if (t.tunedSpec) {
    answer.push(
      `Tuned: ${t.start} → ${t.tunedSpec} (${METHOD}, ${t.games ?? '?'} games in ${t.train?.iterations ?? done} iterations against ${t.opponents.join(', ')}).`,
    );
  } else if (last) {
    answer.push(`Tuning ${t.start} by ${METHOD} against ${t.opponents.join(', ')}; after the last iteration played: ${assignments(t.keys, last, 'best_')}.`);
  }

  const missing: string[] = [];
  if (!f.csv.curve) missing.push('curve.csv (the curve read from curve.json)');
  const sections: Section[] = [setupSection(t)];
  if (t.rows.length > 0) sections.push(curveSection(t), trajectorySection(t));
  else missing.push('the learning curve (no iteration finished)');
  if (t.isRules) {
    const confirmed = confirmedSettings(t);
    answer.push(...confirmed.answer);
    sections.push(...confirmed.sections);
    if (confirmed.sections.length === 0)
      missing.push('rules.json and rules.csv (the best settings are measured again after the search; this run stopped before)');
  } else {
    const v = verification(t);
    answer.push(...v.answer);
    sections.push(v.section);
    if (!t.train) missing.push('train.json and tuned.json (written when the training ends; this run stopped before)');
    if (t.method === 'ntbea' && last && typeof last.best_model === 'number') {
      answer.push(
        `NTBEA's model mean of the recommendation after the last iteration: ${fitnessText(t, last.best_model)} (${t.fitnessName}; the estimate of the point the run returns).`,
      );
    } else if (last && typeof last.fitness === 'number') {
      const ci =
        typeof last.fitness_ci95_lo === 'number' && typeof last.fitness_ci95_hi === 'number'
          ? ` [${fitnessText(t, last.fitness_ci95_lo)}, ${fitnessText(t, last.fitness_ci95_hi)}]`
          : '';
      answer.push(
        `Last iteration: fitness ${fitnessText(t, last.fitness)}${ci} (${t.fitnessName}, 95% interval over the iteration's ${t.dealsText}). One iteration is a few deals; the verification, not the curve, says whether the tuned bot is stronger.`,
      );
    }
  }

  const budget = t.setup?.budget;
  return {
    title: t.isRules ? `${t.game}: rules search toward ${t.target}` : `${t.game}: training report, ${t.start} by ${METHOD}`,
    meta: [
      `${t.game} · train${t.isRules ? ' rules' : ''} by ${METHOD}`,
      `${done}${planned !== undefined ? ` of ${planned}` : ''} iterations × ${t.perIteration ?? '?'} games (${t.dealsText}) = ${t.games ?? '?'} games${budget !== undefined ? ` (budget ${budget})` : ''}`,
      `seed ${t.seed}`,
      t.seconds !== undefined ? `${t.seconds.toFixed(1)} s` : '',
      t.stopped ? 'STOPPED EARLY: incomplete' : '',
    ]
      .filter(Boolean)
      .join(' · '),
    answer,
    links: verificationLinks(f.dir),
    sections,
    sources: sourcesOf(f),
    missing,
  };
}

/** What was tuned: the setting of the run in words and the parameters' table (start, tuned, range). */
function setupSection(t: Training): Section {
  const {
    train,
    setup,
    plan,
    rulesJson,
    method,
    game,
    isRules,
    lineup,
    start,
    tunedSpec,
    opponents,
    fitnessName,
    done,
    planned,
    perIteration,
    dealsText,
    games,
    seconds,
    seed,
    tuned,
    dims,
    levels,
    last,
  } = t;
  const variant = Object.entries(train?.variant ?? setup?.variant ?? rulesJson?.variant ?? {})
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(', ');
  const spsa = plan?.spsa;
  const ntbea = plan?.ntbea;
  const methodText =
    method === 'spsa'
      ? `SPSA (Spall 1998): each iteration plays θ + c_kΔ and θ − c_kΔ paired on the same deals and steps every parameter along Δ by their difference; c at the last iteration ${plain(finiteOr0(spsa?.cEnd))} of each range, step ${plain(finiteOr0(spsa?.step))}, A = ${cellText(spsa?.A)}, α = ${cellText(spsa?.alpha)}, γ = ${cellText(spsa?.gamma)}.`
      : `NTBEA (Lucas, Liu and Perez-Liebana 2018): each iteration evaluates one point of the grid and moves to the best of ${cellText(ntbea?.neighbours)} mutants by a UCB value of its model of 1-, 2- and N-tuples; exploration k = ${cellText(ntbea?.k)}; levels per parameter: ${(ntbea?.levels ?? []).map(cellText).join(', ')}.`;
  const intro = [
    `Game: ${game}${variant ? ` (${variant})` : ''}.`,
    isRules
      ? `Line-up playing every setting: ${lineup.join(', ')}; target ${t.target}.`
      : `Bot: ${start}${tunedSpec ? ` → ${tunedSpec}` : ''}; opponents: ${opponents.join(', ')}; fitness: ${fitnessName}.`,
    `Method: ${methodText}`,
    `Budget ${setup?.budget ?? '?'} games: ${done}${planned !== undefined ? ` of ${planned}` : ''} iterations of ${perIteration ?? '?'} games (${dealsText} each, every candidate in every seat${isRules ? ' rotation' : ''}), ${games ?? '?'} games played${seconds !== undefined ? ` in ${seconds.toFixed(1)} s` : ''}. Seed ${seed}: iteration k plays the deals of seed ${seed}/train/k; ${isRules ? `the confirmation uses ${seed}-confirm` : `the verification uses ${seed}-verify`}.`,
  ];
  const tunedParams = tuned?.params;
  const tunedCol = isRules ? 'recommendation' : tunedParams ? 'tuned' : 'best so far';
  const paramRows: Row[] = dims.map((d, i) => ({
    parameter: d.key,
    kind: d.kind,
    scale: d.scale ?? null,
    min: d.min ?? null,
    max: d.max ?? null,
    ...(levels.length ? { levels: (levels[i] ?? []).join(' | ') } : d.choices ? { levels: d.choices.join(' | ') } : { levels: null }),
    start: d.start,
    [tunedCol]: tunedParams ? (tunedParams[d.key] ?? null) : (last?.[`best_${d.key}`] ?? null),
  }));
  const shown = Object.keys(paramRows[0] ?? {}).filter((c) => paramRows.some((r) => r[c] !== null));
  const table: DataTable = csvTable(
    'parameters-table',
    isRules ? 'Rules searched (curve.json, train-state.json)' : `Parameters (curve.json${tunedParams ? ', tuned.json' : ', curve.csv'})`,
    '',
    paramRows.map((r) => Object.fromEntries(shown.map((c) => [c, r[c] ?? null]))),
  );
  return {
    id: 'setup-section',
    title: isRules ? 'What was searched' : 'What was tuned',
    intro,
    blocks: [
      {
        id: 'parameters',
        title: isRules ? 'The rules searched' : 'The parameters',
        charts: [],
        caption: isRules
          ? `Each variant parameter with its levels and its starting value; "recommendation": NTBEA's best point by its model after the last iteration (curve.csv's recommended_ columns).`
          : `Each tuned parameter with its tuning range${method === 'ntbea' ? ' and the levels NTBEA cut it into' : ' (SPSA moves in [0, 1] over the range; a log scale moves in its logarithm)'}, where it started and ${tunedParams ? 'where training left it (tuned.json)' : 'where it was after the last iteration played (curve.csv)'}.`,
        table,
      },
    ],
  };
}

/** The learning curve: fitness per iteration with its interval band; SPSA's paired difference; NTBEA's model mean of the recommendation. */
function curveSection(t: Training): Section {
  const { rows, method, isRules, fitnessName, percent, perIteration, dealsText, keys } = t;
  const x = { field: 'games', title: 'games played in training' };
  const hasBestModel = rows.some((r) => typeof r.best_model === 'number');
  const series: Series[] = [
    { field: 'fitness', title: method === 'spsa' ? 'fitness of θ (mean of θ⁺ and θ⁻)' : 'fitness of the point evaluated', mark: 'line', color: SERIES_COLOR },
  ];
  if (method === 'ntbea' && hasBestModel) series.push({ field: 'best_model', title: 'model mean of the recommendation', mark: 'step', color: BEST_COLOR });
  const charts: PageChart[] = [
    {
      id: 'curve-fitness',
      spec: seriesChart({
        title: 'Fitness per iteration',
        description: `The fitness (${fitnessName}) of each iteration's candidate with its 95% interval over the iteration's deals${series.length > 1 ? ", and NTBEA's model mean of its recommendation" : ''}, against games played.`,
        rows,
        x,
        series,
        band: { lo: 'fitness_ci95_lo', hi: 'fitness_ci95_hi', title: '95% interval over the iteration’s deals' },
        y: { title: fitnessName, percent },
        ...(isRules ? { zeroRule: true } : {}),
        width: 2 * 340,
        height: 220,
      }),
    },
  ];
  const hasDifference = rows.some((r) => typeof r.difference === 'number');
  if (hasDifference) {
    charts.push({
      id: 'curve-difference',
      spec: seriesChart({
        title: 'SPSA: θ⁺ − θ⁻ per iteration',
        description:
          "The paired difference of the two perturbed candidates' fitness on each iteration's deals, with its 95% interval over those deals; the dashed line is no difference.",
        rows,
        x,
        series: [{ field: 'difference', title: 'θ⁺ − θ⁻', mark: 'line', color: SERIES_COLOR }],
        band: { lo: 'difference_ci95_lo', hi: 'difference_ci95_hi', title: '95% interval over the iteration’s deals' },
        y: { title: `θ⁺ − θ⁻ (${percent ? 'win share' : fitnessName})`, percent },
        zeroRule: true,
        width: 2 * 340,
        height: 180,
      }),
    });
  }
  const unit = isRules
    ? `Each iteration plays one setting of the rules on ${dealsText} of its own (a rule changes the deal, so two settings cannot share deals), the line-up in each of its distinct seat rotations (${perIteration ?? '?'} games). Its fitness is minus V, an unbiased estimate of the spread of the seats' win shares per seat-game, (1/P) Σ (w_s − w̄)² less its expected noise: 0 is fair, and noise can take it above 0. `
    : method === 'spsa'
      ? `Each iteration plays θ + c_kΔ and θ − c_kΔ on the same ${dealsText}, each candidate in every seat against the same opponents with common random numbers (${perIteration ?? '?'} games). The fitness of θ is the mean of the two candidates' ${fitnessName}; θ⁺ − θ⁻ is their paired difference, by which SPSA steps every parameter along Δ. `
      : `Each iteration evaluates one point on ${dealsText} of its own, in every seat against the same opponents (${perIteration ?? '?'} games); its fitness is the bot's ${fitnessName}. `;
  const model =
    method === 'ntbea' && hasBestModel
      ? "The model mean of the recommendation is NTBEA's estimate for the evaluated point with the best model mean so far (the mean over its 1-, 2- and N-tuples): the point the run returns. "
      : '';
  const view = thinned(rows);
  const columns = [...curveHeadColumns(keys), ...FITNESS_COLUMNS, ...(hasDifference ? DIFFERENCE_COLUMNS : []), ...(hasBestModel ? ['best_model'] : [])];
  return {
    id: 'curve-section',
    title: 'Learning curve',
    blocks: [
      {
        id: 'curve',
        title: `${fitnessName} per iteration`,
        charts,
        caption: `${unit}${model}The intervals are 95% intervals over the iteration's ${dealsText}, the deal as the unit: ${percent ? "for a win share Wilson's interval at the effective sample size (cluster-robust variance of the per-deal shares), so it stays within 0–100%" : 'Student t on deals − 1 degrees of freedom'}. Every iteration has deals of its own, so the curve's jumps from one iteration to the next are mostly the deals' luck.`,
        table: {
          id: 'curve-table',
          title: `Learning curve (curve.csv${view.note})`,
          caption: '',
          columns,
          rows: view.rows.map((r) => Object.fromEntries(columns.map((c) => [c, r[c] ?? null]))),
          intervals: { fitness: ['fitness_ci95_lo', 'fitness_ci95_hi'], difference: ['difference_ci95_lo', 'difference_ci95_hi'] },
          ...(percent ? { proportions: ['fitness', 'difference', 'best_model'] } : {}),
        },
      },
    ],
  };
}

/** One small chart per parameter: the value each iteration played and the best so far (SPSA: θ after the step; NTBEA: the recommendation). */
function trajectorySection(t: Training): Section {
  const { rows, method, isRules, dims, levels, keys } = t;
  const played = method === 'spsa' ? 'θ played (the centre of θ ± c_kΔ; θ after a step is the next θ played)' : 'point evaluated';
  const best = method === 'spsa' ? 'θ after the last step (the tuned value)' : 'recommendation so far';
  // SPSA's θ after iteration k's step is θ played at k + 1: drawn as a line it lies on the first one. It is drawn once, where it differs: the last step's result.
  const lastRow = rows.length - 1;
  const chartRows: readonly Row[] =
    method === 'spsa'
      ? rows.map((r, i) => ({ ...r, ...Object.fromEntries(keys.map((k) => [`final_${k}`, i === lastRow ? (r[`best_${k}`] ?? null) : null])) }))
      : rows;
  const charts: PageChart[] = dims.map((d, i) => {
    const choices = d.kind === 'enum' ? (levels[i]?.length ? levels[i]!.map(cellOf).filter(present) : (d.choices ?? [])) : undefined;
    return {
      id: `trajectory-${d.key.replace(/[^A-Za-z0-9]+/g, '-')}`,
      spec: seriesChart({
        title: d.key,
        description: `${d.key}: the value each iteration played and the ${best}, against games played${d.min !== undefined && d.max !== undefined ? `; the axis spans the tuning range ${plain(d.min)} to ${plain(d.max)}` : ''}.`,
        rows: chartRows,
        x: { field: 'games', title: 'games played in training' },
        series: [
          { field: d.key, title: played, mark: method === 'spsa' ? 'line' : 'dots', color: SERIES_COLOR },
          method === 'spsa'
            ? { field: `final_${d.key}`, title: best, mark: 'dots', color: BEST_COLOR, size: 70 }
            : { field: `best_${d.key}`, title: best, mark: 'step', color: BEST_COLOR },
        ],
        y: {
          title: d.key,
          ...(choices ? { choices } : {}),
          ...(!choices && d.min !== undefined && d.max !== undefined ? { domain: [d.min, d.max] as const } : {}),
          ...(d.scale === 'log' ? { log: true } : {}),
        },
        width: 300,
        height: 150,
      }),
    };
  });
  const view = thinned(rows);
  const columns = ['iteration', 'games', ...keys, ...keys.map((k) => `best_${k}`)];
  // The table view names the last columns as curve.csv does.
  const titles = ['iteration', 'games', ...keys, ...keys.map((k) => (method === 'spsa' ? `θ after the step: ${k}` : `recommended: ${k}`))];
  return {
    id: 'trajectory-section',
    title: 'Parameter trajectories',
    blocks: [
      {
        id: 'trajectories',
        title: 'Where each parameter went',
        charts,
        caption:
          method === 'spsa'
            ? `Each parameter's θ at each iteration (the centre the two candidates θ ± c_kΔ were played around; θ after an iteration's step is the next iteration's θ, curve.csv's theta_after_step_ columns) and, as one dot, θ after the last step (the tuned value), against games played; each axis spans the tuning range${dims.some((d) => d.scale === 'log') ? ' (log ranges on a log axis)' : ''}.`
            : `Each parameter's value at the point each iteration evaluated (one dot per iteration), and NTBEA's recommendation so far (the evaluated point with the best model mean; curve.csv's recommended_ columns), against games played; each axis spans the ${isRules ? 'levels searched' : 'tuning range'}.`,
        table: {
          id: 'trajectories-table',
          title: `Parameters per iteration (curve.csv${view.note})`,
          caption: '',
          columns,
          titles,
          rows: view.rows.map((r) => Object.fromEntries(columns.map((c) => [c, r[c] ?? null]))),
        },
      },
    ],
  };
}

/** A number of a file, or undefined when it held none (JSON null, read as NaN). */
function finite(x: number | undefined): number | undefined {
  return x !== undefined && Number.isFinite(x) ? x : undefined;
}

/** A setting of the plan, 0 when absent or not a number. */
function finiteOr0(x: number | undefined): number {
  return finite(x) ?? 0;
}

/** A difference A − B of `train.json`'s verification as a table row: the measure, A and B, the difference with its interval and LOS, the deals. */
function differenceRow(measure: string, d: Difference, a: number | undefined, b: number | undefined, deals: number): Row {
  const ci = finitePair(d.ci95);
  return {
    measure,
    a: a ?? null,
    b: b ?? null,
    difference: finite(d.value) ?? null,
    ci95_lo: ci?.[0] ?? null,
    ci95_hi: ci?.[1] ?? null,
    los: finite(d.los) ?? null,
    deals,
  };
}

/** The answer's lines about a verification: its verdict and A − B in win share, the caution where the SPRT stopped, the confirmation. */
function verificationAnswer(v: Verification, seed: string): string[] {
  const ws = v.comparison.winShare;
  const wsCi = finitePair(ws.ci95);
  const los = finite(ws.los);
  const answer = [
    `Verification (match --sprt of the tuned bot, A, against the starting one, B, on held-out seed ${seed}-verify): ${v.verdict}.` +
      (Number.isFinite(ws.value)
        ? ` A − B in win share per seat-game: ${points(ws.value)} percentage points${wsCi ? ` [${points(wsCi[0])}, ${points(wsCi[1])}]` : ''} over ${v.deals} deals, paired${los !== undefined ? `; likelihood of superiority ${pct(los)}` : ''}.`
        : ''),
  ];
  if (v.stoppedEstimate) answer.push(v.stoppedEstimate);
  const conf = v.confirmation;
  const confWs = conf?.comparison.winShare;
  const confCi = finitePair(confWs?.ci95);
  if (conf && confWs && Number.isFinite(confWs.value))
    answer.push(
      `Confirmation (a fixed-size match, no SPRT, on held-out seed ${seed}-confirm; its estimate is not biased by a stop): A − B ${points(confWs.value)} percentage points${confCi ? ` [${points(confCi[0])}, ${points(confCi[1])}]` : ''} over ${conf.deals} deals: A is ${conf.verdict}.`,
    );
  return answer;
}

/** The verification match of a bot run: its verdict and A − B from train.json (the page links to its own page), and the answer's line about it. */
function verification(t: Training): { answer: string[]; section: Section } {
  const { train, setup, seed } = t;
  const v = train?.verification;
  if (!v) {
    const why = !train
      ? 'the training did not finish'
      : setup?.verify === false
        ? 'the run was made with --no-verify'
        : 'train.json holds none: the tuned bot is the starting bot, or the match did not write its result';
    return { answer: [`Not verified: ${why}.`], section: { id: 'verify-section', title: 'Verification', intro: [`No verification: ${why}.`], blocks: [] } };
  }
  const c = v.comparison;
  const rows2: Row[] = [
    differenceRow('win_share', c.winShare, finite(c.winRateA), finite(c.winRateB), v.deals),
    differenceRow('score', c.score, undefined, undefined, v.deals),
  ];
  const charts: PageChart[] = rows2
    .filter((r) => typeof r.difference === 'number')
    .map((r) => {
      const share = r.measure === 'win_share';
      const name = share ? 'win share per seat-game' : 'score per seat-game';
      return {
        id: `verify-${share ? 'win-share' : 'score'}`,
        spec: intervalChart({
          title: `Tuned − start: ${name}`,
          description: `The paired difference of the tuned bot (A) and the starting bot (B) in ${name} on held-out deals, with its 95% interval over deals; the dashed line is no difference.`,
          rows: [r],
          category: { field: 'measure', title: 'measure' },
          measure: {
            field: 'difference',
            title: `A − B (${share ? 'win share' : 'score'})`,
            lo: 'ci95_lo',
            hi: 'ci95_hi',
            ...(share ? { percent: true } : {}),
          },
          mark: 'point',
          horizontal: true,
          zeroRule: true,
        }),
      };
    });
  const elo = c.elo;
  const section: Section = {
    id: 'verify-section',
    title: 'Verification: is the tuned bot stronger than the start?',
    blocks: [
      {
        id: 'verification',
        title: `Verdict: ${v.verdict}`,
        charts,
        caption:
          `match --sprt on held-out seeds (${seed}-verify; training used ${seed}/train/k): every deal is played with the tuned bot (A) in each seat and again with the starting bot (B) in its place, same cards, opponents and seats; the sample is the per-deal difference, over ${v.deals} independent deals (Student t interval). LOS: likelihood of superiority.` +
          (elo && Number.isFinite(elo.value) ? ` Elo difference ${signed(elo.value)} ± ${plain(finite(elo.margin) ?? 0)}.` : '') +
          ' The SPRT trace and the seats are on the match’s own page (verify/report.html).',
        table: {
          ...csvTable('verification-table', 'Tuned (A) and start (B) (train.json, verification)', '', rows2, { difference: ['ci95_lo', 'ci95_hi'] }),
          percentIf: (r) => r.measure === 'win_share',
        },
      },
    ],
  };
  return { answer: verificationAnswer(v, seed), section };
}

/** A rules search's confirmed settings: the largest seat gap of each with its interval, and each seat's win share; and the answer's lines about them. */
function confirmedSettings(t: Training): { answer: string[]; sections: Section[] } {
  const { f, rulesJson, keys, lineup } = t;
  const answer: string[] = [];
  const csv = f.csv.rules ?? [];
  const settings = rulesJson?.settings ?? [];
  if (!rulesJson && csv.length === 0) return { answer, sections: [] };
  const variant = rulesJson?.variant ?? {};
  // A setting is named by its values alone (the axis title names the keys), so labels stay short.
  const label = (params: Row): string => {
    const isStart = keys.every((k) => cellText(params[k]) === cellText(variant[k]));
    return `${keys.map((k) => cellText(params[k])).join(', ')}${isStart ? ' (start)' : ''}`;
  };
  const settingTitle = keys.join(', ');
  const confirmSeed = rulesJson?.seed ?? '';
  const gapRows: Row[] = csv.map((r) => ({ setting: label(r), ...r }));
  const order = gapRows.map((r) => String(r.setting));
  answer.push(
    `Settings measured again on held-out seed ${confirmSeed} (rules.csv, smallest gap first; largest seat gap = best seat's win share per seat-game less the worst's, 95% interval over the deals, and the randomization test of equal seats): ${gapRows
      .map(
        (r) =>
          `${assignments(keys, r)}${String(r.setting).endsWith('(start)') ? ' (start)' : ''} ${typeof r.seat_gap === 'number' ? pct(r.seat_gap) : 'n/a'}${typeof r.seat_gap_ci95_lo === 'number' && typeof r.seat_gap_ci95_hi === 'number' ? ` [${pct(r.seat_gap_ci95_lo)}, ${pct(r.seat_gap_ci95_hi)}]` : ''}${typeof r.p_value === 'number' ? ` (${pText(r.p_value)}, ${String(r.deals)} deals)` : ''}`,
      )
      .join('; ')}.`,
  );
  answer.push(
    'Each setting is played on its own cards (a rule changes the deal), so settings are compared by their intervals, not paired: overlapping intervals are not separated.',
  );
  const blocks: Block[] = [];
  if (gapRows.length > 0) {
    blocks.push({
      id: 'rules-gap',
      title: 'Largest seat gap of each confirmed setting',
      charts: [
        {
          id: 'rules-seat-gap',
          spec: intervalChart({
            title: 'Largest seat gap by setting',
            description:
              "Each confirmed setting's largest gap between two seats' win shares per seat-game, with its 95% interval over the held-out deals; the dashed line is no gap.",
            rows: gapRows,
            category: { field: 'setting', title: settingTitle, order },
            measure: { field: 'seat_gap', title: 'largest seat gap (win share)', lo: 'seat_gap_ci95_lo', hi: 'seat_gap_ci95_hi', percent: true },
            mark: 'point',
            horizontal: true,
            zeroRule: true,
          }),
        },
      ],
      caption:
        `NTBEA's three best settings by its model, and the starting rules when not among them, each played again on held-out seed ${confirmSeed} by ${lineup.join(', ')}. ` +
        "Largest seat gap: the win share per seat-game of the best seat less the worst's, with its 95% interval, the deal as the unit: simultaneous Bonferroni intervals of every pair of seats (Dunn 1961), so it lies within 0–100%, starts at 0 when no pair of seats is resolved, and accounts for the two seats being chosen after the fact. " +
        'seat_test_q and p: the randomization test (seat labels permuted within each deal) that every seat wins equally often, over the same deals.',
      table: {
        ...csvTable('rules-table', 'Confirmed settings (rules.csv)', '', csv, { seat_gap: ['seat_gap_ci95_lo', 'seat_gap_ci95_hi'] }),
        proportions: ['seat_gap'],
      },
    });
  }
  const seatRows: Row[] = settings.flatMap((s) => s.seatWinRates.map((w, i) => ({ setting: label(s.params), seat: `seat ${i}`, win_rate: finite(w) ?? null })));
  if (seatRows.length > 0) {
    blocks.push({
      id: 'rules-seats',
      title: 'Win share of each seat under each confirmed setting',
      charts: [
        {
          id: 'rules-seat-win-rate',
          spec: intervalChart({
            title: 'Win share by seat and setting',
            description: "Each seat's win share per seat-game under each confirmed setting, on the held-out deals.",
            rows: seatRows,
            category: { field: 'seat', title: 'seat' },
            group: { field: 'setting', title: settingTitle, order: settings.map((s) => label(s.params)) },
            measure: { field: 'win_rate', title: 'win share per seat-game', percent: true },
            mark: 'bar',
          }),
        },
      ],
      caption:
        "Each seat's win share per seat-game (rules.json's seatWinRates; the seats of the table) under each setting, on the same held-out deals as the gaps above: a setting's largest gap is its tallest bar less its shortest.",
      table: { ...csvTable('rules-seats-table', 'Win share by seat (rules.json)', '', seatRows), proportions: ['win_rate'] },
    });
  }
  return { answer, sections: [{ id: 'rules-section', title: 'Confirmed settings', blocks }] };
}
