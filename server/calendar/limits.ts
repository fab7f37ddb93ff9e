import {
  GraphQLError,
  Kind,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

/**
 * What one GraphQL request may ask for. The calendar query is 4 levels deep, selects about 30
 * fields and is about 120 tokens; these limits leave room for variations of it and refuse the
 * shapes that turn one request into a lot of work (deep nesting, fragment fan-out, aliased
 * copies of the root field).
 */
export const GRAPHQL_LIMITS = {
  /** Lexer tokens of the document (graphql-js stops parsing past this). */
  maxTokens: 1000,
  /** Nesting of selections: calendar → performances → fromPrice → amount is 4. */
  maxDepth: 6,
  /** Fields selected in all, fragments expanded. */
  maxFields: 100,
  /** Root fields (aliases included): each costs database reads, so one per request. */
  maxRootFields: 1,
} as const;

/** Marks the validation error this rule reports, so the caller can tell it from the others. */
export const TOO_LARGE = 'tooLarge';

interface Measure {
  depth: number;
  fields: number;
  /** Set once `fields` passes the limit, so fragment fan-out stops being expanded at once. */
  over: boolean;
}

function measure(
  context: ValidationContext,
  selectionSet: SelectionSetNode,
  depth: number,
  fragmentsOnPath: ReadonlySet<string>,
  total: Measure,
): void {
  for (const selection of selectionSet.selections) {
    if (total.over) return;
    if (selection.kind === Kind.FIELD) {
      total.fields += 1;
      total.depth = Math.max(total.depth, depth);
      if (total.fields > GRAPHQL_LIMITS.maxFields) total.over = true;
      if (selection.selectionSet) {
        measure(context, selection.selectionSet, depth + 1, fragmentsOnPath, total);
      }
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      measure(context, selection.selectionSet, depth, fragmentsOnPath, total);
    } else {
      const name = selection.name.value;
      // A cycle is reported by graphql's own NoFragmentCycles rule; here it is only not followed.
      const fragment = fragmentsOnPath.has(name) ? undefined : context.getFragment(name);
      if (fragment) {
        measure(context, fragment.selectionSet, depth, new Set([...fragmentsOnPath, name]), total);
      }
    }
  }
}

function rootFieldCount(
  context: ValidationContext,
  selectionSet: SelectionSetNode,
  fragmentsOnPath: ReadonlySet<string>,
): number {
  let count = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (selection.name.value !== '__typename') count += 1;
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      count += rootFieldCount(context, selection.selectionSet, fragmentsOnPath);
    } else {
      const name = selection.name.value;
      const fragment = fragmentsOnPath.has(name) ? undefined : context.getFragment(name);
      if (fragment) {
        count += rootFieldCount(
          context,
          fragment.selectionSet,
          new Set([...fragmentsOnPath, name]),
        );
      }
    }
  }
  return count;
}

/** Refuses an operation deeper, wider or with more root fields than GRAPHQL_LIMITS allows. */
export const queryLimitsRule: ValidationRule = (context) => ({
  OperationDefinition(node) {
    const total: Measure = { depth: 0, fields: 0, over: false };
    measure(context, node.selectionSet, 1, new Set(), total);
    if (
      total.over ||
      total.depth > GRAPHQL_LIMITS.maxDepth ||
      rootFieldCount(context, node.selectionSet, new Set()) > GRAPHQL_LIMITS.maxRootFields
    ) {
      context.reportError(
        new GraphQLError('The query is too large.', {
          nodes: node,
          extensions: { [TOO_LARGE]: true },
        }),
      );
    }
  },
});
