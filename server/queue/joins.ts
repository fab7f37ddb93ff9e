import type { Queryable } from '../db/database';
import { readEntries, takePlaces, type EntryRow } from './queries';

/** At most this many joins go into one statement. */
const MAX_BATCH = 500;

interface Waiting {
  sessionId: string;
  resolve: (entry: EntryRow | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for one sale's joins in one process: while a batch is being written, the joins
 * that arrive wait and go together in the next one (one statement for their places; the read
 * back runs beside the next batch's write). An onsale's opening brings thousands of joins a second on one sale row, whose lock
 * every join must take; taken once per batch, it stops being the limit. A lone join is written
 * at once, as before.
 */
export class JoinBatcher {
  private pending: Waiting[] = [];
  private writing = false;

  constructor(
    private readonly db: Queryable,
    private readonly saleId: string,
  ) {}

  /** Gives the session a place (or keeps the one it has) and reads its entry back. */
  join(sessionId: string): Promise<EntryRow | undefined> {
    return new Promise((resolve, reject) => {
      this.pending.push({ sessionId: sessionId.toLowerCase(), resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    try {
      while (this.pending.length > 0) {
        const batch = this.pending.splice(0, MAX_BATCH);
        const sessionIds = batch.map((waiting) => waiting.sessionId);
        const fail = (error: unknown) => {
          for (const waiting of batch) waiting.reject(error);
        };
        try {
          await takePlaces(this.db, this.saleId, sessionIds);
        } catch (error) {
          fail(error);
          continue;
        }
        // Read back beside the next batch's write: only the writes need to take turns.
        readEntries(this.db, this.saleId, sessionIds).then((entries) => {
          for (const waiting of batch) waiting.resolve(entries.get(waiting.sessionId));
        }, fail);
      }
    } finally {
      this.writing = false;
    }
  }
}
