import { z } from 'zod';

/*
 * Text a buyer or a client types, as every request schema takes it (a test walks the API's
 * document and fails on a request string that does not come through here or a stricter pattern).
 * PostgreSQL refuses NUL and text that is not valid Unicode (an unpaired UTF-16 surrogate), so
 * such input used to reach the database and come back as a 500; it is refused at the edge with
 * 400 validation_failed instead. Control characters are refused too: in a name, an email or a
 * code they are never typed, only injected (into emails, CSV exports, logs), and a multi-line
 * field keeps only tab and line breaks. Paired surrogates (emoji) are ordinary characters.
 */

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const SINGLE_LINE = /^[^\u0000-\u001F\u007F\p{Cs}]*$/u;
// eslint-disable-next-line no-control-regex -- as above, less tab, line feed and carriage return
const MULTI_LINE = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\p{Cs}]*$/u;

/** One line of text (names, emails, address lines, codes, card fields). */
export const text = () => z.string().regex(SINGLE_LINE, 'must not contain control characters');

/** Free text that may run over lines (a venue question's answer, typed in a text area). */
export const multilineText = () =>
  z.string().regex(MULTI_LINE, 'must not contain control characters other than line breaks');
