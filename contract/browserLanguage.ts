/**
 * The browser's language as 3-D Secure wants it: EMV 3DS 2.2+ `browserLanguage` is an IETF
 * BCP 47 tag of 1–35 characters. Browsers do not always report one: headless Chromium says
 * `en-US@posix` and some Linux set-ups pass a POSIX locale such as `en_US.UTF-8`. Their
 * encoding and `@modifier` say nothing about the language and the underscore is only POSIX's
 * separator, so they are dropped or mended; what is still not a tag after that is no answer
 * (null) rather than a refusal, because the field is optional to the issuer and a buyer must
 * never be stopped by what their browser calls its language. Zod-free: the SPA imports it.
 */
const BCP47 = /^[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*$/;
const MAX_LENGTH = 35;

export function browserLanguageTag(reported: string): string | null {
  const tag = (reported.split(/[@.]/, 1)[0] ?? '').trim().replace(/_/g, '-');
  return tag.length <= MAX_LENGTH && BCP47.test(tag) ? tag : null;
}
