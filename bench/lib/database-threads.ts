// Where a new namespace's time goes, thread by thread, in this process (the mock runs in it:
// startMock): each thread's run time from /proc/self/task/<tid>/schedstat (ns; Linux only, the
// part is skipped elsewhere) and the core it last ran on. On a shared 2-core machine the figure
// depends on whether the SQL worker shares the HTTP thread's core: then everything the worker does
// (the statement, the next empty database opened ahead, its code compiled) waits for the HTTP
// thread or makes it wait, where on a core of its own it runs beside it. The scheduler decides that
// for seconds at a time, so runs of the same code read ~6.5x or ~10x; this says which one a run was.
import { readdirSync, readFileSync } from 'node:fs';

/** This process's thread ids; undefined where /proc is not there. */
export function threadIds(): string[] | undefined {
  try {
    return readdirSync('/proc/self/task');
  } catch {
    return undefined;
  }
}

interface ThreadSample {
  /** Run time so far, ns. */
  ran: number;
  /** The core it last ran on. */
  core: number;
}

/** This process's threads now, by id; undefined where /proc is not there. */
export function threadSamples(): Map<string, ThreadSample> | undefined {
  const tids = threadIds();
  if (tids === undefined) return undefined;
  const samples = new Map<string, ThreadSample>();
  for (const tid of tids) {
    try {
      const ran = Number(readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      // Field 39 (processor), counted after the command's closing parenthesis (field 2).
      const core = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[36]);
      samples.set(tid, { ran, core });
    } catch {
      // The thread ended meanwhile.
    }
  }
  return samples;
}

/**
 * Waits until the other threads of this process ran at most 2 ms in 200 ms (1 % of a core; at most
 * `limitMs`): a mock just started compiles SQLite's module and boots its spare SQL thread in the
 * background, and a new namespace leaves its worker opening the next empty database ahead. Answers
 * the ms waited (0 where /proc is not there).
 */
export async function untilIdle(limitMs = 20_000): Promise<number> {
  const started = performance.now();
  const self = String(process.pid);
  const othersRan = (samples: Map<string, ThreadSample>) => [...samples].reduce((sum, [tid, sample]) => (tid === self ? sum : sum + sample.ran), 0);
  let before = threadSamples();
  if (!before) return 0;
  while (performance.now() - started < limitMs) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const now = threadSamples()!;
    if (othersRan(now) - othersRan(before) <= 2e6) break;
    before = now;
  }
  return performance.now() - started;
}

/** The machine's CPU time so far (/proc/stat, ms): busy (every core), stolen by the host, and in all. */
function machineTimes(): { busy: number; steal: number; all: number } | undefined {
  try {
    const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number) as number[];
    // USER_HZ ticks (100 a second on Linux).
    const ms = (ticks: number) => ticks * 10;
    const busy = user! + nice! + system! + irq! + softirq!;
    return { busy: ms(busy), steal: ms(steal!), all: ms(busy + idle! + iowait! + steal!) };
  } catch {
    return undefined;
  }
}

/** Per-thread run time over a series of namespaces, and where the SQL worker ran beside the HTTP thread. */
export class NamespaceThreads {
  readonly #node: Set<string>;
  readonly #start: Map<string, ThreadSample> | undefined;
  readonly #machine = machineTimes();
  readonly #self = String(process.pid);
  /** After each namespace: the core each of the mock's threads and the HTTP thread had last run on. */
  readonly #cores: Map<string, number>[] = [];

  /** `node`: the threads that were there before the mock started (Node's own: V8's helpers, a loader). */
  constructor(node: Map<string, ThreadSample> | undefined) {
    this.#node = new Set(node?.keys() ?? []);
    this.#start = threadSamples();
  }

  #mockThreads(samples: Map<string, ThreadSample>): string[] {
    return [...samples.keys()].filter((tid) => tid !== this.#self && !this.#node.has(tid));
  }

  /** Called after each namespace, outside its timing: the cores of the HTTP thread and the mock's few threads. */
  sample(): void {
    if (!this.#start) return;
    const cores = new Map<string, number>();
    for (const tid of [this.#self, ...this.#mockThreads(this.#start)]) {
      try {
        const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
        cores.set(tid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[36]));
      } catch {
        // The thread ended meanwhile.
      }
    }
    this.#cores.push(cores);
  }

  /** ms a namespace by thread over `count` namespaces, and after how many the SQL worker had last run on the HTTP thread's core; undefined off Linux. */
  summary(count: number) {
    const end = threadSamples();
    if (!this.#start || !end) return undefined;
    const ran = (tid: string) => ((end.get(tid)?.ran ?? 0) - (this.#start!.get(tid)?.ran ?? 0)) / 1e6 / count;
    const mock = this.#mockThreads(end);
    // The SQL worker: the mock's thread that ran most over the namespaces (a running thread's time is
    // only counted when it stops or at a tick, so one namespace's share would not tell).
    const sql = [...mock].sort((a, b) => ran(b) - ran(a))[0];
    const shared = sql === undefined ? [] : this.#cores.filter((cores) => cores.has(sql) && cores.get(sql) === cores.get(this.#self));
    const helpers = [...end.keys()].filter((tid) => tid !== this.#self && this.#node.has(tid));
    const sum = (tids: string[]) => tids.reduce((total, tid) => total + ran(tid), 0);
    const machine = machineTimes();
    const mine = sum([...end.keys()]) * count;
    const window = machine && this.#machine ? machine.all - this.#machine.all : 0;
    return {
      /** Shares of the machine's cores over the namespaces: busy outside this process, and stolen by the host (10 ms ticks). */
      others: window > 0 ? (machine!.busy - this.#machine!.busy - mine) / window : undefined,
      steal: window > 0 ? (machine!.steal - this.#machine!.steal) / window : undefined,
      http: ran(this.#self),
      sql: sql === undefined ? 0 : ran(sql),
      node: sum(helpers),
      rest: sum(mock.filter((tid) => tid !== sql)),
      sharedCore: shared.length,
      samples: this.#cores.length,
    };
  }
}

/** One line of the summary, for the bench's output. */
export function threadsLine(summary: ReturnType<NamespaceThreads['summary']>, floorHttp: number | undefined): string {
  if (!summary) return 'CPU by thread: not measured here (no /proc)';
  const ms = (value: number) => value.toFixed(2);
  return (
    `CPU by thread, ms a namespace (/proc): the HTTP thread ${ms(summary.http)}${floorHttp === undefined ? '' : ` (on the floor ${ms(floorHttp)})`}, the SQL worker ${ms(summary.sql)}, ` +
    `Node's own threads (V8's compilers and collector) ${ms(summary.node)}, the mock's other threads ${ms(summary.rest)}; ` +
    `the SQL worker had last run on the HTTP thread's core after ${summary.sharedCore} of ${summary.samples} namespaces` +
    (summary.others === undefined
      ? ''
      : `; meanwhile other processes kept ${(100 * Math.max(0, summary.others)).toFixed(0)} % of the cores busy, the host stole ${(100 * summary.steal!).toFixed(0)} %`)
  );
}
