import type { Finding } from '../diagnostics';
import type { At } from '../project/index/types';
import type { Walk } from '../project/index/walk';
import { innerSpan } from './cronSchedule';
import { finding, tableRule } from './rule';
import type { Rule } from './rule';

/** Problems with `{{ENV_VAR}}` templates in a URL: unclosed, empty, or not a variable name. */
export function templateProblems(text: string): { message: string; start: number; end: number }[] {
  const out: { message: string; start: number; end: number }[] = [];
  let at = text.indexOf('{{');
  while (at >= 0) {
    const close = text.indexOf('}}', at + 2);
    if (close < 0) {
      out.push({ message: 'This `{{` is never closed with `}}`.', start: at, end: text.length });
      break;
    }
    const name = text.slice(at + 2, close).trim();
    if (name === '') out.push({ message: 'Empty template `{{}}`: put an environment variable name inside.', start: at, end: close + 2 });
    else if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) out.push({ message: `\`${name}\` is not an environment variable name.`, start: at, end: close + 2 });
    at = text.indexOf('{{', close + 2);
  }
  return out;
}

function check(walk: Walk, at: At, what: string): Finding[] {
  const text = walk.text(at);
  if (text === undefined) return [];
  return templateProblems(text).map((p) =>
    finding('env-template-invalid', 'error', `${p.message} (${what})`, { file: at.file, span: innerSpan(at.node, p.start, p.end) }),
  );
}

/** `{{ENV_VAR}}` templates well formed in action handlers, webhooks and remote schema URLs. */
export const envTemplates: Rule = {
  codes: ['env-template-invalid'],
  reads: ['actions', 'cronTriggers', 'remoteSchemas'],
  check: ({ index, walk }) => [
    ...index.actions.flatMap((a) => check(walk, walk.get(walk.get(a.at, 'definition'), 'handler'), `handler of action ${a.name.name}`)),
    ...index.cronTriggers.flatMap((c) => check(walk, walk.get(c.at, 'webhook'), `webhook of cron trigger ${c.name.name}`)),
    ...index.remoteSchemas.flatMap((r) => check(walk, walk.get(walk.get(r.at, 'definition'), 'url'), `url of remote schema ${r.name.name}`)),
  ],
};

/** The same for the webhooks of event triggers, one table at a time. */
export const eventTriggerTemplates = tableRule({
  codes: ['env-template-invalid'],
  checkTable: (t, { walk }) =>
    walk.items(walk.get(t.at, 'event_triggers')).flatMap((e) => check(walk, walk.get(e, 'webhook'), `webhook of an event trigger on ${t.key}`)),
});
