import type { SignOutReason } from '../../contract/api/auth';
import type { Database, Queryable } from '../db/database';
import { endSession, insertSession, signOutKeepingSession } from '../http/queries/sessions';
import { inTransaction } from '../db/transaction';
import { newSessionTokens, type SessionTokens } from '../lib/sessionTokens';

/**
 * Signing out (issue 14). A buyer who signs out ends the session on the server: its holds are
 * given back and the session is over, so a shared computer keeps nothing of the member's (the
 * next person gets a new, empty anonymous session). A sign-in that timed out only ends the
 * sign-in: the session goes on as a guest's under new tokens, its held seats following the hold
 * rules, not the sign-in (the words), and nothing of the account readable.
 */

export interface SignedOut {
  tokens: SessionTokens;
  expiresAt: Date;
  /** Pay attempts the release stopped; the caller voids their payments after the commit. */
  stoppedAttempts: string[];
}

export interface SignOutInput {
  sessionId: string;
  reason: SignOutReason;
  /** The new anonymous session's lifetime and client digest (as POST /sessions makes one). */
  ttlHours: number;
  clientDigest: string;
}

/**
 * Gives back every unsold hold of the session in the sign-out's transaction, answering the pay
 * attempts that stopped (holds' releaseSessionHolds, handed in by server/services.ts: members
 * knows nothing of holds, which ask members who the buyer is).
 */
export type ReleaseSessionHolds = (tx: Queryable, sessionId: string) => Promise<string[]>;

export async function signOut(
  db: Database,
  input: SignOutInput,
  releaseSessionHolds: ReleaseSessionHolds,
): Promise<SignedOut> {
  const tokens = newSessionTokens();
  if (input.reason === 'timeout') {
    const expiresAt = await signOutKeepingSession(db, {
      sessionId: input.sessionId,
      tokenHash: tokens.tokenHash,
      csrfToken: tokens.csrfToken,
    });
    if (expiresAt) return { tokens, expiresAt, stoppedAttempts: [] };
    // The session itself ended meanwhile: the buyer gets a new one, as after any sign-out.
  }
  return inTransaction(db, async (tx) => {
    const stoppedAttempts = await releaseSessionHolds(tx, input.sessionId);
    await endSession(tx, input.sessionId);
    const expiresAt = await insertSession(tx, {
      tokenHash: tokens.tokenHash,
      csrfToken: tokens.csrfToken,
      ttlHours: input.ttlHours,
      clientDigest: input.clientDigest,
    });
    return { tokens, expiresAt, stoppedAttempts };
  });
}
