import { randomUUID } from 'node:crypto';
import { normaliseId } from '../../contract/api/common';

/** A new id (hold, order, ticket) in the form ids are stored and sent. */
export const newId = (): string => normaliseId(randomUUID());
