/**
 * Reads one Lighthouse report into the bench's figures: the four scores,
 * total blocking time and the main metrics; every accessibility and best
 * practice audit that fails, with the elements (selector, snippet, label)
 * or entries it names; and, when performance misses, where the time goes
 * (long tasks, script boot-up, main-thread breakdown, unused JavaScript,
 * the failed opportunities); when the layout shifts, which elements moved
 * and by how much.
 */
import type { OwnCpuAudit } from './lighthouse-own-cpu';
import type { Result } from 'lighthouse';
import type { LoadCosts } from './lighthouse-load-costs';
import type { ThrottledLoad } from './lighthouse-throttled';

type Audit = Result['audits'][string];
type Item = Record<string, unknown>;

export interface FailingAudit {
  id: string;
  title: string;
  score: number | null;
  displayValue?: string;
  items: Item[];
}

export interface PageFigures {
  page: string;
  path: string;
  finalUrl: string;
  performance: number | null;
  totalBlockingTimeMs: number;
  cumulativeLayoutShift: number;
  accessibility: number | null;
  bestPractices: number | null;
  metricsMs: Record<string, number>;
  met: { performance: boolean; totalBlockingTime: boolean; cumulativeLayoutShift: boolean; accessibility: boolean; bestPractices: boolean };
  failingAccessibility: FailingAudit[];
  failingBestPractices: FailingAudit[];
  runWarnings: string[];
  /**
   * Lighthouse's measure of this machine's CPU at the time of the run (a fixed JS loop; higher is
   * faster): its 4× slowdown is applied to what it observes, so the same code scores lower on a
   * day the shared machine is slower. Kept so that runs of different days can be compared.
   */
  benchmarkIndex: number | null;
  /** The same load under Chromium's real 4× throttling (lighthouse-throttled.ts). */
  throttled4x?: ThrottledLoad;
  /** The median run's frames, threads' CPU and blocking on wall vs CPU time (lighthouse-load-costs.ts). */
  loadCosts?: LoadCosts | null;
  /** The median run audited again by Lighthouse, its page's tasks at their own CPU time (lighthouse-own-cpu.ts). */
  ownCpu?: OwnCpuAudit | null;
  explanation?: Record<string, unknown>;
}

const shortUrl = (url: unknown) => (typeof url === 'string' ? url.replace(/^https?:\/\/[^/]+/, '') : url);

/** An item of an audit's table, cut to what tells a person which element or entry it is. */
function describe(item: Item): Item {
  const node = item.node as Item | undefined;
  if (node && typeof node === 'object') {
    return { selector: node.selector, snippet: node.snippet, label: node.nodeLabel, explanation: node.explanation };
  }
  const out: Item = {};
  for (const [key, value] of Object.entries(item)) {
    if (key === 'subItems') continue;
    if (key === 'sourceLocation' && value && typeof value === 'object')
      out.source = `${shortUrl((value as Item).url)}:${(value as Item).line}:${(value as Item).column}`;
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[key] = key === 'url' ? shortUrl(value) : value;
    else if (value && typeof value === 'object' && (value as Item).type === 'node') out[key] = (value as Item).snippet;
  }
  return out;
}

function itemsOf(audit: Audit, limit = 20): Item[] {
  const details = audit.details as { items?: Item[] } | undefined;
  return (details?.items ?? []).slice(0, limit).map(describe);
}

function failing(lhr: Result, category: string): FailingAudit[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .map((ref) => lhr.audits[ref.id]!)
    .filter(
      (a) =>
        a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'notApplicable' && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual',
    )
    .map((a) => ({ id: a.id, title: a.title, score: a.score, ...(a.displayValue ? { displayValue: a.displayValue } : {}), items: itemsOf(a) }));
}

function performanceExplanation(lhr: Result): Record<string, unknown> {
  const a = lhr.audits;
  const ms = (id: string) => Math.round(a[id]?.numericValue ?? 0);
  const opportunities = Object.values(a)
    .filter((x) => x.details?.type === 'opportunity' && x.score !== null && x.score < 0.9)
    .map((x) => ({ id: x.id, title: x.title, displayValue: x.displayValue }));
  const tasks = a['long-tasks'] ? itemsOf(a['long-tasks'], 10) : [];
  const boot = a['bootup-time'] ? itemsOf(a['bootup-time'], 8) : [];
  const summary =
    `TBT ${ms('total-blocking-time')} ms, performance ${lhr.categories.performance?.score}: ${tasks.length} long tasks (longest ${Math.round(Math.max(0, ...tasks.map((t) => Number(t.duration))))} ms); ` +
    `script boot-up ${ms('bootup-time')} ms: ${boot
      .slice(0, 4)
      .map((b) => `${b.url} ${Math.round(Number(b.scripting))} ms script`)
      .join(', ')}; ` +
    `unused JavaScript ${a['unused-javascript']?.displayValue || 'none reported'}.`;
  return {
    summary,
    longTasks: tasks,
    bootupTimeMs: ms('bootup-time'),
    bootup: boot,
    mainThreadWorkMs: ms('mainthread-work-breakdown'),
    mainThread: a['mainthread-work-breakdown'] ? itemsOf(a['mainthread-work-breakdown'], 8) : [],
    unusedJavaScript: a['unused-javascript'] ? { displayValue: a['unused-javascript'].displayValue, items: itemsOf(a['unused-javascript'], 8) } : null,
    renderBlocking: a['render-blocking-resources'] ? itemsOf(a['render-blocking-resources'], 8) : [],
    failedOpportunities: opportunities,
  };
}

export interface Goals {
  performance: number;
  totalBlockingTimeMs: number;
  cumulativeLayoutShift: number;
  accessibility: number;
  bestPractices: number;
}

/** The shifts Lighthouse saw: the element that moved, its share of the score and Chromium's guess at the cause. */
function layoutShifts(lhr: Result): Item[] {
  const details = lhr.audits['layout-shifts']?.details as { items?: Item[] } | undefined;
  return (details?.items ?? []).slice(0, 8).map((item) => {
    const node = item.node as Item | undefined;
    const causes = ((item.subItems as { items?: Item[] } | undefined)?.items ?? []).map((c) =>
      `${c.cause ?? ''} ${(c.extra as Item | undefined)?.snippet ?? ''}`.trim(),
    );
    return {
      score: Math.round(Number(item.score) * 1000) / 1000,
      selector: node?.selector,
      label: node?.nodeLabel,
      snippet: typeof node?.snippet === 'string' ? node.snippet.slice(0, 160) : undefined,
      ...(causes.length ? { causes } : {}),
    };
  });
}

export function pageFigures(slug: string, pathname: string, lhr: Result, goals: Goals): PageFigures {
  const score = (c: string) => lhr.categories[c]?.score ?? null;
  const metric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? 0);
  const performance = score('performance');
  const tbt = metric('total-blocking-time');
  const cls = Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000;
  const met = {
    performance: (performance ?? 0) >= goals.performance,
    totalBlockingTime: tbt <= goals.totalBlockingTimeMs,
    cumulativeLayoutShift: cls <= goals.cumulativeLayoutShift,
    accessibility: (score('accessibility') ?? 0) >= goals.accessibility,
    bestPractices: (score('best-practices') ?? 0) >= goals.bestPractices,
  };
  return {
    page: slug,
    path: pathname,
    finalUrl: shortUrl(lhr.finalDisplayedUrl) as string,
    performance,
    totalBlockingTimeMs: tbt,
    cumulativeLayoutShift: cls,
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    metricsMs: {
      firstContentfulPaint: metric('first-contentful-paint'),
      largestContentfulPaint: metric('largest-contentful-paint'),
      speedIndex: metric('speed-index'),
      interactive: metric('interactive'),
    },
    met,
    failingAccessibility: failing(lhr, 'accessibility'),
    failingBestPractices: failing(lhr, 'best-practices'),
    runWarnings: lhr.runWarnings,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    ...(met.performance && met.totalBlockingTime && met.cumulativeLayoutShift
      ? {}
      : { explanation: { ...performanceExplanation(lhr), ...(met.cumulativeLayoutShift ? {} : { layoutShifts: layoutShifts(lhr) }) } }),
  };
}
