import { isScalar } from 'yaml';
import type { Span } from '../diagnostics';
import type { YNode } from '../parse/ast';
import { duplicateNames, finding } from './rule';
import type { Rule } from './rule';

const FIELDS = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12 },
  { name: 'day of week', min: 0, max: 7 },
] as const;
const KEYWORDS = new Set(['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly']);

export interface CronProblem {
  readonly message: string;
  /** Offsets inside the schedule text. */
  readonly start: number;
  readonly end: number;
}

/** Checks a standard five-field crontab expression (min hour dom month dow), as the engine parses it. */
export function checkCron(schedule: string): CronProblem | undefined {
  const trimmed = schedule.trim();
  if (KEYWORDS.has(trimmed)) return undefined;
  const fields = [...schedule.matchAll(/\S+/g)];
  if (fields.length !== 5) {
    return {
      message: `A cron schedule has five fields (minute hour day-of-month month day-of-week); this one has ${fields.length}.`,
      start: 0,
      end: schedule.length,
    };
  }
  for (let i = 0; i < 5; i++) {
    const text = fields[i]![0];
    const problem = checkField(text, FIELDS[i]!);
    if (problem) return { message: problem, start: fields[i]!.index, end: fields[i]!.index + text.length };
  }
  return undefined;
}

function checkField(text: string, field: (typeof FIELDS)[number]): string | undefined {
  for (const part of text.split(',')) {
    const m = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!m) return `\`${part}\` is not a valid ${field.name} (use a number, a range a-b, a list a,b, * or a step */n).`;
    const [, , from, to, step] = m;
    for (const n of [from, to]) {
      if (n !== undefined && (Number(n) < field.min || Number(n) > field.max)) return `${field.name} ${n} is out of range ${field.min}-${field.max}.`;
    }
    if (from !== undefined && to !== undefined && Number(from) > Number(to)) return `The ${field.name} range ${from}-${to} is backwards.`;
    if (step !== undefined && Number(step) === 0) return `A step of 0 in the ${field.name} field never fires.`;
  }
  return undefined;
}

/** Cron triggers: a valid schedule, unique names. */
export const cronSchedule: Rule = {
  codes: ['cron-schedule-invalid', 'cron-trigger-duplicate'],
  reads: ['cronTriggers'],
  check: ({ index, walk }) => [
    ...duplicateNames(
      'cron-trigger-duplicate',
      'Cron trigger',
      index.cronTriggers.map((c) => c.name),
    ),
    ...index.cronTriggers.flatMap((trigger) => {
      const at = walk.get(trigger.at, 'schedule');
      const schedule = walk.text(at);
      const problem = schedule === undefined ? undefined : checkCron(schedule);
      if (!problem) return [];
      return [finding('cron-schedule-invalid', 'error', problem.message, { file: at.file, span: innerSpan(at.node, problem.start, problem.end) })];
    }),
  ],
};

/** Maps offsets inside a scalar's value to the file, for plain and quoted scalars without escapes. */
export function innerSpan(node: YNode, start: number, end: number): Span {
  const range = node?.range;
  if (!range || !isScalar(node)) return { start: 0, end: 0 };
  const quoted = node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE' ? 1 : 0;
  const base = range[0] + quoted;
  return { start: Math.min(base + start, range[1]), end: Math.min(base + end, range[1] - quoted) };
}
