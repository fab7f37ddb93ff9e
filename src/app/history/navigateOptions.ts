import type { NavigateOptions } from 'react-router';

/**
 * The React Router minor this history was written against (and its options read against). A
 * test fails when the installed react-router is another minor: re-read the options React Router
 * hands `navigator.push/replace` (NavigateOptions) and what they now do, teach the history any
 * it should honour, then bump this.
 */
export const READ_AGAINST_REACT_ROUTER = '7.18';

/**
 * Options this history honours. `replace` chooses replace over push and `state` is passed on its
 * own (React Router sends both, as well as the whole object); `relative` is resolved by React
 * Router before the history sees the path.
 */
const HANDLED: ReadonlySet<string> = new Set<keyof NavigateOptions>([
  'replace',
  'state',
  'relative',
]);

/**
 * React Router passes every Link and navigate() option through, most of them undefined. One set
 * to anything but undefined or false (`flushSync`, `viewTransition`, `preventScrollReset`,
 * `mask`, or one a later React Router adds) asks for something this history does not do: in
 * development and tests that throws, so whoever wrote it finds out at once; in a buyer's browser
 * it is reported and the move still happens, as it did before anyone checked.
 */
export function refuseUnhandledOptions(options: NavigateOptions | undefined): void {
  if (options === undefined) return;
  const unhandled = Object.entries(options)
    .filter(([name, value]) => !HANDLED.has(name) && value !== undefined && value !== false)
    .map(([name]) => name);
  if (unhandled.length === 0) return;
  const message = `The shop's history (src/app/history) does not handle the navigate option${
    unhandled.length > 1 ? 's' : ''
  } ${unhandled.join(', ')}: teach it to, or leave the option out.`;
  if (import.meta.env.DEV) throw new Error(message);
  console.error(message);
}
